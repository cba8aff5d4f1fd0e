import { reservedHeaderProblem } from '@mfc-conformance/api/internal';
import { ProfileError, resolveConnection, type ConnectionSettings, type ProfileConnection, type TargetProfile } from '../profile/index.js';
import { UsageError } from './command.js';
import type { FlagOptions, ParsedFlags } from './flags.js';

/** The flags of `mfc init` and `mfc doctor` that say how the deployment is reached (docs/CLI.md, "Connection flags"). */
export const connectionFlags = {
  proxy: { type: 'string' },
  'proxy-password-env': { type: 'string' },
  ca: { type: 'string' },
  'client-cert': { type: 'string' },
  'client-key': { type: 'string' },
  'client-key-passphrase-env': { type: 'string' },
  header: { type: 'string', multiple: true },
  'header-env': { type: 'string', multiple: true },
} as const satisfies FlagOptions;

/** The connection flags' values as `parseFlags` gives them. */
export type ConnectionFlagValues = ParsedFlags<typeof connectionFlags>;

/** The help lines of the connection flags, shared by `mfc init --help` and `mfc doctor --help`. */
export const connectionFlagsHelp = `Connection flags (the profile's connection block; docs/PROFILE.md):
  --proxy URL|none                   the company proxy (overrides HTTPS_PROXY/HTTP_PROXY; none ignores them)
  --proxy-password-env VAR           the variable holding the proxy password (the user name goes in the URL)
  --ca FILE                          a PEM file of certificate authorities to trust besides Node's own
  --client-cert FILE --client-key FILE   a client certificate for a gateway that demands mutual TLS
  --client-key-passphrase-env VAR    the variable holding the client key's passphrase
  --header "Name: value"             a header every request carries (repeatable; not Authorization)
  --header-env Name=VAR              a header whose secret value is read from VAR (repeatable)`;

// A variable's name is safe to quote back; anything else may be a secret pasted by mistake.
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function variable(flag: string, name: string, env: NodeJS.ProcessEnv): { env: string } {
  if (!VARIABLE.test(name)) throw new UsageError(`--${flag} expects the NAME of an environment variable (letters, digits, _), not a secret`);
  if ((env[name] ?? '') === '') throw new UsageError(`--${flag}: ${name} is not set in this environment`);
  return { env: name };
}

function headerName(flag: string, name: string): string {
  if (!HEADER_NAME.test(name)) throw new UsageError(`--${flag} expects a header name (letters, digits and !#$%&'*+.^_\`|~-) before its value`);
  const problem = reservedHeaderProblem(name);
  if (problem !== undefined) throw new UsageError(`--${flag}: ${problem}`);
  return name;
}

function proxyOf(values: ConnectionFlagValues, env: NodeJS.ProcessEnv): ConnectionSettings['proxy'] {
  const given = values.proxy;
  const passwordEnv = values['proxy-password-env'];
  if (given === undefined) {
    if (passwordEnv !== undefined) throw new UsageError('--proxy-password-env needs --proxy URL (with the user name: http://user@proxy:3128)');
    return undefined;
  }
  if (given === 'none') {
    if (passwordEnv !== undefined) throw new UsageError('--proxy-password-env does not go with --proxy none');
    return 'none';
  }
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError('--proxy expects an http:// or https:// URL, or none');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--proxy expects an http:// or https:// URL, or none');
  if (url.password !== '') throw new UsageError('--proxy holds a password: leave it out of the URL and give the variable holding it with --proxy-password-env VAR');
  if (passwordEnv === undefined) return given;
  if (url.username === '') throw new UsageError('--proxy-password-env needs the user name in --proxy (http://user@proxy:3128)');
  const username = decodeURIComponent(url.username);
  url.username = '';
  return { url: url.toString(), username, password: variable('proxy-password-env', passwordEnv, env) };
}

function headersOf(values: ConnectionFlagValues, env: NodeJS.ProcessEnv): ConnectionSettings['headers'] {
  const headers: NonNullable<ConnectionSettings['headers']> = {};
  for (const line of values.header ?? []) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new UsageError('--header expects "Name: value"');
    const value = line.slice(colon + 1).trim();
    if (/[\r\n]/.test(value)) throw new UsageError('--header expects a value on one line');
    headers[headerName('header', line.slice(0, colon).trim())] = value;
  }
  for (const pair of values['header-env'] ?? []) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw new UsageError('--header-env expects Name=VAR');
    headers[headerName('header-env', pair.slice(0, equals).trim())] = variable('header-env', pair.slice(equals + 1).trim(), env);
  }
  return Object.keys(headers).length === 0 ? undefined : headers;
}

/**
 * The connection settings the flags give, as a profile would write them (files as given, relative to
 * the working directory; secrets as `{env: VAR}`), or undefined when no connection flag was given.
 * A flag that cannot be used is a usage error (exit 2) that never quotes what may be a secret.
 */
export function connectionFromFlags(values: ConnectionFlagValues, env: NodeJS.ProcessEnv): ConnectionSettings | undefined {
  const settings: ConnectionSettings = {};
  const proxy = proxyOf(values, env);
  if (proxy !== undefined) settings.proxy = proxy;
  if (values.ca !== undefined) settings.ca = values.ca;
  const cert = values['client-cert'];
  const key = values['client-key'];
  if ((cert === undefined) !== (key === undefined)) throw new UsageError('--client-cert and --client-key go together: the certificate and its private key');
  const passphraseEnv = values['client-key-passphrase-env'];
  if (passphraseEnv !== undefined && key === undefined) throw new UsageError('--client-key-passphrase-env needs --client-cert and --client-key');
  if (cert !== undefined && key !== undefined) {
    settings.clientCertificate = { cert, key, ...(passphraseEnv === undefined ? {} : { passphrase: variable('client-key-passphrase-env', passphraseEnv, env) }) };
  }
  const headers = headersOf(values, env);
  if (headers !== undefined) settings.headers = headers;
  return Object.keys(settings).length === 0 ? undefined : settings;
}

// The flag behind each key, so a file or variable the flags name is blamed on the flag, not on the profile.
const flagOfKey: ReadonlyArray<[key: string, flag: string, given: (flags: ConnectionSettings) => boolean]> = [
  ['connection.clientCertificate.passphrase', '--client-key-passphrase-env', (flags) => flags.clientCertificate !== undefined],
  ['connection.clientCertificate.cert', '--client-cert', (flags) => flags.clientCertificate !== undefined],
  ['connection.clientCertificate.key', '--client-key', (flags) => flags.clientCertificate !== undefined],
  ['connection.ca', '--ca', (flags) => flags.ca !== undefined],
];

/**
 * The flags' connection settings over `own` (a profile's: each flag replaces its key, headers are
 * added), files read from the working directory. Throws `ProfileError` naming the flag.
 */
export function resolveFlagConnection(own: ConnectionSettings | undefined, flags: ConnectionSettings, env: NodeJS.ProcessEnv): ProfileConnection {
  const base = own ?? {};
  const merged: ConnectionSettings = { ...base, ...flags, ...(base.headers || flags.headers ? { headers: { ...base.headers, ...flags.headers } } : {}) };
  try {
    return resolveConnection(merged, env, process.cwd());
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    const named = flagOfKey.find(([key, , given]) => given(flags) && error.message.includes(`"${key}"`));
    throw named === undefined ? error : new ProfileError(error.message.replace(`"${named[0]}"`, named[1]));
  }
}

/** The profile with the connection flags applied (`resolveFlagConnection`); the profile itself when none was given. */
export function withConnectionFlags(profile: TargetProfile, flags: ConnectionSettings | undefined, env: NodeJS.ProcessEnv): TargetProfile {
  return flags === undefined ? profile : { ...profile, connection: resolveFlagConnection(profile.connection?.settings, flags, env) };
}
