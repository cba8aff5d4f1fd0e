import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { resolveConnection } from './connection.js';
import { isLoopbackUrl } from '@mfc-conformance/api/internal';
import { ProfileError } from './errors.js';
import { isProfileFile, profileProblems } from './validate.js';
import type { ProfileConnection, TargetProfile, TargetProfileFile, TokenSource } from './types.js';
import { fileProblem } from '../text/file-problem.js';

function resolveToken(source: TokenSource, key: string, env: NodeJS.ProcessEnv): string {
  if (typeof source === 'string') return source;
  const value = env[source.env];
  // The message names the variable and the key, never a value.
  if (value === undefined) throw new ProfileError(`"${key}" reads the environment variable ${source.env}, which is not set: export ${source.env}=… before running mfc`);
  if (value === '') throw new ProfileError(`"${key}" reads the environment variable ${source.env}, which is set but empty: give it the token's value`);
  return value;
}

function resolveTokens(file: TargetProfileFile, env: NodeJS.ProcessEnv, path: string, folder: string): TargetProfile {
  const tokens: Record<string, string> = {};
  const tokenSources: Record<string, string> = {};
  for (const [name, source] of Object.entries(file.tokens)) {
    if (source === undefined) continue;
    tokens[name] = resolveToken(source, `tokens.${name}`, env);
    tokenSources[name] = typeof source === 'string' ? `<tokens.${name} of ${path}>` : `$${source.env}`;
  }
  const { connection, ...rest } = file;
  const profile: TargetProfile = { ...rest, tokens: tokens as unknown as TargetProfile['tokens'], tokenSources } as TargetProfile;
  if (connection !== undefined) profile.connection = resolveConnection(connection, env, folder);
  if (file.webhooks) {
    const { signingToken, ...rest } = file.webhooks;
    profile.webhooks = signingToken === undefined
      ? rest
      : { ...rest, signingToken: resolveToken(signingToken, 'webhooks.signingToken', env) };
  }
  return profile;
}

/**
 * Validates a parsed profile, resolves its `{"env": VAR}` secrets and reads the files its connection
 * block names (relative to `folder`, the profile's; default the working directory); throws
 * `ProfileError` naming the key.
 */
export function profileFromValue(value: unknown, env: NodeJS.ProcessEnv = process.env, path = 'the profile', folder = process.cwd()): TargetProfile {
  const problems = profileProblems(value);
  if (problems.length > 0 || !isProfileFile(value)) {
    throw new ProfileError(`invalid profile:\n  ${problems.join('\n  ')}`);
  }
  return resolveTokens(value, env, path, folder);
}

/** Reads a profile file (JSON, or YAML by extension or content), validates it and resolves its tokens. */
export function loadProfile(path: string, env: NodeJS.ProcessEnv = process.env): TargetProfile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ProfileError(`cannot read profile ${path}: ${fileProblem(error)}${(error as NodeJS.ErrnoException).code === 'ENOENT' ? ' (write one with mfc init, or give the right path)' : ''}`);
  }
  return profileFromValue(parseProfileText(text, path), env, path, dirname(resolve(path)));
}

/**
 * Parses a profile's text: JSON for `.json`, YAML for `.yaml`/`.yml`, and for any other name
 * YAML, which reads JSON as well.
 */
function parseProfileText(text: string, path: string): unknown {
  const format = /\.json$/i.test(path) ? 'JSON' : /\.ya?ml$/i.test(path) ? 'YAML' : 'JSON or YAML';
  try {
    return format === 'JSON' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new ProfileError(`profile ${path} is not valid ${format}: ${parseProblem(error as Error, text)}`);
  }
}

// A text that opens a flow collection or a quote and does not close it.
const UNCLOSED: Array<[RegExp, string, (line: string) => boolean]> = [
  [/end with a \}|Flow map/i, 'a { that is not closed', (line) => count(line, '{') > count(line, '}')],
  [/end with a \]|Flow sequence/i, 'a [ that is not closed', (line) => count(line, '[') > count(line, ']')],
  [/closing "quote|closing 'quote/i, 'a quote that is not closed', (line) => count(line, '"') % 2 === 1 || count(line, "'") % 2 === 1],
];

function count(line: string, char: string): number {
  return line.split(char).length - 1;
}

/**
 * The parser's reason and the line to look at. The parser's message quotes lines of the file, which
 * can hold a token: only its first sentence is kept, with any quoted text longer than a character
 * left out. A collection or quote left open is reported where it opens, not where the parser noticed.
 */
function parseProblem(error: Error, text: string): string {
  const firstLine = error.message.split('\n')[0] ?? '';
  const json = /in JSON at position (\d+)/.exec(firstLine);
  const noticed = json ? lineAt(text, Number(json[1])) : Number(/at line (\d+)/.exec(firstLine)?.[1] ?? Number.NaN);
  const reason = firstLine
    .replace(/\s*(in JSON )?at (line \d+, column \d+|position \d+).*$/, '')
    .replace(/,?\s*"[^"]*"\s*is not valid JSON/, '')
    .replace(/(["'])[^"'\n]{2,}\1/g, '…')
    .trim();
  const lines = text.split('\n');
  for (const [pattern, what, opens] of UNCLOSED) {
    if (!pattern.test(firstLine) || !Number.isFinite(noticed)) continue;
    for (let line = Math.min(noticed, lines.length); line >= 1; line -= 1) {
      if (opens(lines[line - 1]!)) return `line ${line} opens ${what} (the parser noticed at line ${noticed}: ${reason})`;
    }
  }
  return Number.isFinite(noticed) ? `line ${noticed}: ${reason}` : reason;
}

/** The 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** The profile `--base-url URL --token T` stand for (docs/CLI.md): read-only, primary token only; `connection` from the connection flags, when given. */
export function profileFromFlags(baseUrl: string, token: string, connection?: ProfileConnection, tokenSource = '$MFC_TOKEN'): TargetProfile {
  // A deployment on this machine is a developer's own: `local`, which paces with all of each window.
  const environment = isLoopbackUrl(baseUrl) ? 'local' : 'staging';
  const problems = profileProblems({
    baseUrl,
    environment,
    tokens: { primary: token },
    fixtures: { salesChannelId: 0 },
  }).map((line) => line.replace('"baseUrl"', '--base-url').replace('"tokens.primary"', '--token'));
  if (problems.length > 0) throw new ProfileError(problems.join('; '));
  // Such a profile names no fixture: the sales channel id is unknown, so it is left out and every
  // check that `needs` it is skipped rather than run against a made-up id.
  const fixtures = {} as TargetProfile['fixtures'];
  // The replay line mfc run prints reads the token from its variable ($MFC_TOKEN unless --token-env named another).
  return { baseUrl, environment, allowWrites: false, tokens: { primary: token }, fixtures, tokenSources: { primary: tokenSource }, ...(connection === undefined ? {} : { connection }) };
}
