import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as tls from 'node:tls';
import type { Dispatcher } from 'undici';
import { MfcError } from '../errors.js';
import { undici } from './undici.js';

/** The answer bound when none is given: far above any page the specification allows (§8: at most 100 records). */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** A connection setting that cannot be used (a proxy variable that is not a URL): exit 2 in `mfc`, before any request. */
export class ConnectionSettingError extends MfcError {
  readonly code = 'MFC_CONNECTION_SETTING';
  readonly exitCode = 2;
  override name = 'ConnectionSettingError';
}

/** A byte count as a message shows it: `32 MiB`, or the exact number of bytes. */
export function shownBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** A header value sent with every request: as it is, or a secret (redacted wherever tokens are) with the name a replay line gives it (`$VAR`). */
export type ConnectionHeaderValue = string | { secret: string; replayAs?: string };

/**
 * How requests reach a deployment behind a company network (docs/PROFILE.md, `connection`). Every
 * setting is optional: without any, requests go direct, or through the proxy `HTTPS_PROXY` /
 * `HTTP_PROXY` name (`NO_PROXY` and the lower-case forms honoured, as curl does).
 */
export interface ConnectionOptions {
  /** A proxy URL (`http://user:password@proxy:3128`; its password is a secret), overriding the environment's; `'none'` ignores the environment. */
  proxy?: string;
  /** PEM text of certificate authorities to trust besides Node's own (and `NODE_EXTRA_CA_CERTS`'). */
  ca?: string;
  /** A client certificate for gateways that demand mutual TLS: PEM certificate and key, and the key's passphrase (a secret). */
  clientCertificate?: { cert: string; key: string; passphrase?: string };
  /** Headers every request carries (an API-gateway key); `Authorization` cannot be one: it carries the token. */
  headers?: Readonly<Record<string, ConnectionHeaderValue>>;
  /** The largest answer read, on the wire and once decoded, in bytes (default 32 MiB); a larger one ends its request with a `NetworkError`. */
  maxAnswerBytes?: number;
}

// Headers the connection cannot set: the token's own, and those the HTTP layer writes itself.
const reservedHeaders = new Set(['authorization', 'proxy-authorization', 'host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te']);

/** Why a header name cannot be a connection header, or undefined. */
export function reservedHeaderProblem(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower === 'authorization') return 'Authorization carries the token (tokens.primary) and cannot be set as a connection header';
  if (reservedHeaders.has(lower)) return `${name} is written by the HTTP layer and cannot be set as a connection header`;
  return undefined;
}

/** The connection's headers as sent: lower-cased names, secret values unwrapped. Throws `TypeError` for a name the connection may not set. */
export function connectionHeaders(connection: ConnectionOptions | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(connection?.headers ?? {})) {
    const problem = reservedHeaderProblem(name);
    if (problem !== undefined) throw new TypeError(`connection.headers: ${problem}`);
    headers[name.toLowerCase()] = typeof value === 'string' ? value : value.secret;
  }
  return headers;
}

/** How replay lines name each secret header (`x-api-key` → `$GATEWAY_KEY`), by lower-cased name. */
export function headerReplayNames(connection: ConnectionOptions | undefined): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [name, value] of Object.entries(connection?.headers ?? {})) {
    if (typeof value !== 'string' && value.replayAs !== undefined) names[name.toLowerCase()] = value.replayAs;
  }
  return names;
}

/** The proxy variables as curl reads them: the lower-case form first, an empty one as unset. */
const proxyVariables = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

/** The first of `names` set to something in `env`, with its name. */
function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): { url: string; source: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value) return { url: value, source: name };
  }
  return undefined;
}

// A proxy variable without a scheme (proxy.corp:3128) is an http proxy, as curl reads it.
const withScheme = (url: string): string => (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`);

function passwordOf(url: string): string | undefined {
  try {
    const password = new URL(withScheme(url)).password;
    return password === '' ? undefined : decodeURIComponent(password);
  } catch {
    return undefined;
  }
}

/**
 * Every secret a connection carries, for the redaction step: secret header values, the client key's
 * passphrase and the proxy's password (the connection's, else the environment's proxy variables').
 */
export function connectionSecrets(connection: ConnectionOptions | undefined, env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets: string[] = [];
  for (const value of Object.values(connection?.headers ?? {})) if (typeof value !== 'string') secrets.push(value.secret);
  if (connection?.clientCertificate?.passphrase) secrets.push(connection.clientCertificate.passphrase);
  const proxies = connection?.proxy === undefined ? proxyVariables.map((name) => env[name]) : [connection.proxy];
  for (const proxy of proxies) {
    const password = proxy === undefined ? undefined : passwordOf(proxy);
    if (password !== undefined) secrets.push(password);
  }
  return secrets.filter((secret) => secret.length > 0);
}

/** A proxy URL as a message may show it: no credentials. */
export function shownProxy(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(a proxy URL that does not parse)';
  }
}

/**
 * Which proxy a request to `origin` is sent through (before the `NO_PROXY` exceptions) and where that
 * came from: the connection's, else the environment's for the origin's scheme (an https origin falls
 * back on the http proxy, as undici and curl do); undefined when none is set.
 */
export function proxyFor(connection: ConnectionOptions | undefined, origin: string, env: NodeJS.ProcessEnv = process.env): { url: string; source: string } | undefined {
  if (connection?.proxy === 'none') return undefined;
  const found = connection?.proxy !== undefined
    ? { url: connection.proxy, source: 'connection.proxy' }
    : firstSet(env, origin.startsWith('https:') ? proxyVariables : proxyVariables.slice(2));
  if (found === undefined) return undefined;
  const url = withScheme(found.url);
  try {
    new URL(url);
  } catch {
    // Never the value: it may hold a password.
    throw new ConnectionSettingError(`${found.source} is not a proxy URL (expected http://host:port)`);
  }
  return { url, source: found.source };
}

/**
 * The certificate authorities a TLS connection trusts once `ca` is added: Node's default list
 * (with `NODE_EXTRA_CA_CERTS`, and the system store where Node is told to read it) plus `ca`.
 * A `ca` option replaces Node's list, so the defaults are named again.
 */
function trustedWith(ca: string): string[] {
  // node:tls is loaded here, when a connection names a CA: importing the client does not pay for it.
  const nodeTls = createRequire(import.meta.url)('node:tls') as typeof tls;
  const getCACertificates = (nodeTls as { getCACertificates?: (type: 'default') => string[] }).getCACertificates;
  if (getCACertificates !== undefined) return [...getCACertificates('default'), ca];
  // Node 20 has no getCACertificates: its bundled list, and NODE_EXTRA_CA_CERTS read as Node reads it.
  const extraFile = process.env.NODE_EXTRA_CA_CERTS;
  let extra: string[] = [];
  if (extraFile) {
    try {
      extra = [readFileSync(extraFile, 'utf8')];
    } catch {
      // Node already warned at start-up that it could not read the file.
    }
  }
  return [...nodeTls.rootCertificates, ...extra, ca];
}

/** What a TLS connection to the deployment (and to an https proxy) takes from the connection. */
function tlsOptions(connection: ConnectionOptions | undefined): tls.ConnectionOptions {
  return {
    ...(connection?.ca === undefined ? {} : { ca: trustedWith(connection.ca) }),
    ...(connection?.clientCertificate === undefined ? {} : {
      cert: connection.clientCertificate.cert,
      key: connection.clientCertificate.key,
      ...(connection.clientCertificate.passphrase === undefined ? {} : { passphrase: connection.clientCertificate.passphrase }),
    }),
  };
}

/**
 * The undici dispatcher under the transport's chain, the one connection setup of every request the
 * toolkit sends: undici's `EnvHttpProxyAgent` (the environment's proxy variables, or the profile's
 * proxy for both schemes, `NO_PROXY` honoured), or a plain `Agent` with `proxy: 'none'`; either with
 * the trust and client certificate on every TLS connection to the deployment, and the answer bound on
 * the wire (undici's `maxResponseSize`).
 */
export function connectionDispatcher(connection: ConnectionOptions | undefined, connectTimeoutMs: number): Dispatcher {
  const secure = tlsOptions(connection);
  const common = {
    connect: { timeout: connectTimeoutMs, ...secure },
    maxResponseSize: connection?.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
  };
  const { Agent, EnvHttpProxyAgent } = undici();
  if (connection?.proxy === 'none') return new Agent(common);
  // The proxies and exceptions are read here, so the dispatcher goes where `proxyFor` says (an empty
  // variable is unset, where undici alone would take an empty lower-case one over the capitals); an
  // empty string tells undici there is none. Which host NO_PROXY exempts, undici decides.
  const proxies = {
    httpsProxy: proxyFor(connection, 'https:', process.env)?.url ?? '',
    httpProxy: proxyFor(connection, 'http:', process.env)?.url ?? '',
    noProxy: firstSet(process.env, ['no_proxy', 'NO_PROXY'])?.url ?? '',
  };
  // requestTls: the TLS session to the deployment inside the proxy's tunnel; proxyTls: to an https proxy.
  return new EnvHttpProxyAgent({ ...common, ...proxies, requestTls: { timeout: connectTimeoutMs, ...secure }, proxyTls: { timeout: connectTimeoutMs, ...(secure.ca === undefined ? {} : { ca: secure.ca }) } });
}
