import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command.js';
import { didYouMean } from '../text/did-you-mean.js';

/** The options of one command, as `node:util` `parseArgs` takes them. */
export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** The values `parseFlags` returns for these options. */
export type ParsedFlags<T extends FlagOptions> = ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>>['values'];

/**
 * Parses a command's flags strictly (no positionals, no unknown flag). A mistake is a usage error
 * (exit 2) that names only the flag: parseArgs quotes the offending argument, which may be a token.
 */
export function parseFlags<T extends FlagOptions>(command: string, args: string[], options: T): ParsedFlags<T> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // Only a name of lower-case letters and hyphens is shown: one with digits or capitals may be a token.
    const flag = /'(--?[a-z][a-z-]{0,40})'/.exec((error as Error).message)?.[1];
    const known = Object.keys(options).filter((name) => !args.includes(`--${name}`)).map((name) => `--${name}`);
    const hint = flag?.startsWith('--') && !Object.hasOwn(options, flag.slice(2)) ? didYouMean(flag, known, (name) => name) : '';
    throw new UsageError(flag ? `unknown or malformed flag ${flag}.${hint} Run "mfc ${command} --help".` : `wrong arguments (an unknown flag or a stray value; not shown, as it may be a token). Run "mfc ${command} --help".`);
  }
}

/** The flags that name a target: `--profile FILE`, or `--base-url URL` with `--token-env VAR` or `--token T` (docs/CLI.md). */
export const targetFlags = {
  profile: { type: 'string' },
  'base-url': { type: 'string' },
  token: { type: 'string' },
  'token-env': { type: 'string' },
} as const satisfies FlagOptions;

/** `--api`: v1, v2 or all. */
export function apiFlag(value: string | undefined): 'v1' | 'v2' | 'all' {
  if (value === 'v1' || value === 'v2' || value === 'all') return value;
  throw new UsageError(`--api expects v1, v2 or all, received "${value}"`);
}
