import { REDACTED } from '@mfc-conformance/api/internal';
import type { RecordedExchange } from '@mfc-conformance/api/internal';

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
