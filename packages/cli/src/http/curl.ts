import { REDACTED } from '@mfc-conformance/api/internal';
import type { RecordedExchange } from '@mfc-conformance/api/internal';
import type { ConnectionSettings } from '../profile/index.js';

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

// Headers curl or the connection sets by itself; repeating them only adds noise.
const implicitHeaders = new Set(['host', 'content-length', 'connection', 'user-agent', 'accept-encoding']);

/**
 * A curl command that replays an exchange the way it was sent: through the connection's proxy and
 * certificates (`replayOptions`), to the same URL (a base URL's path included), with a redacted
 * token as the run was given it (`$VAR` for one read from an environment variable, else
 * `$MFC_TOKEN`) and a secret gateway header by its variable, to be set by the person replaying it.
 */
export function toCurl(exchange: RecordedExchange): string {
  const token = exchange.replayToken ?? '$MFC_TOKEN';
  const parts = ['curl', ...(exchange.replayOptions === undefined ? [] : [exchange.replayOptions]), '-X', exchange.method, quote(exchange.url)];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (implicitHeaders.has(name)) continue;
    const secret = exchange.replayHeaders?.[name];
    if (value.includes(REDACTED)) {
      // Double quotes, so the shell expands the variable.
      parts.push('-H', `"${name}: ${value.split(REDACTED).join(secret ?? token)}"`);
    } else {
      parts.push('-H', quote(`${name}: ${value}`));
    }
  }
  if (exchange.requestBody !== null) parts.push('--data-raw', quote(exchange.requestBody));
  return parts.join(' ');
}

/**
 * The curl options that reach the deployment the way the connection does, for replay lines: the
 * proxy (`--proxy`, credentials read from their variable; the environment's proxy variables curl
 * reads itself), the trust (`--cacert`: curl then trusts only that file, enough to replay), the client
 * certificate and its passphrase. Undefined when the connection needs none.
 */
export function connectionCurlOptions(settings: ConnectionSettings | undefined): string | undefined {
  if (settings === undefined) return undefined;
  const options: string[] = [];
  const proxy = settings.proxy;
  if (proxy === 'none') options.push(`--noproxy '*'`);
  else if (typeof proxy === 'string') options.push(`--proxy ${quote(proxy)}`);
  else if (proxy !== undefined) {
    options.push(`--proxy ${quote(proxy.url)}`);
    if (proxy.username !== undefined) {
      // Double quotes, so the shell reads the variable; a password written in the file is asked for by curl.
      const user = proxy.username.replace(/[$`"\\]/g, '\\$&');
      options.push(proxy.password !== undefined && typeof proxy.password !== 'string' ? `--proxy-user "${user}:$${proxy.password.env}"` : `--proxy-user ${quote(proxy.username)}`);
    }
  }
  if (settings.ca !== undefined) options.push(`--cacert ${quote(settings.ca)}`);
  const client = settings.clientCertificate;
  if (client !== undefined) {
    options.push(`--cert ${quote(client.cert)}`, `--key ${quote(client.key)}`);
    if (client.passphrase !== undefined && typeof client.passphrase !== 'string') options.push(`--pass "$${client.passphrase.env}"`);
  }
  return options.length === 0 ? undefined : options.join(' ');
}
