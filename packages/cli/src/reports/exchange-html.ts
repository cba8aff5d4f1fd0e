import { toCurl, type RecordedExchange } from '../http/index.js';
import { escapeHtml } from './html-escape.js';

// The headers a conformance failure turns on; the curl line carries the rest.
function relevantHeader(name: string): boolean {
  return name === 'content-type' || name === 'retry-after' || name === 'location' || name === 'authorization'
    || name.startsWith('x-rate-limit-') || name.startsWith('x-service-');
}

// Recorded values are redacted already; this page shows no credential at all, whatever a writer was fed.
function headerValue(name: string, value: string): string {
  if (name !== 'authorization') return value;
  const scheme = /^(\S+)\s/.exec(value)?.[1];
  return scheme === undefined ? '[redacted]' : `${scheme} [redacted]`;
}

function headersHtml(headers: Record<string, string>): string {
  const entries = Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  const shown = entries.filter(([name]) => relevantHeader(name));
  const hidden = entries.length - shown.length;
  const lines = shown.map(([name, value]) => `${name}: ${headerValue(name, value)}`).join('\n');
  return `${shown.length > 0 ? `<pre class="headers">${escapeHtml(lines)}</pre>` : ''}${hidden > 0 ? `<p class="note">${hidden} other header${hidden === 1 ? '' : 's'} not shown</p>` : ''}`;
}

const jsonSpace = new Set([' ', '\t', '\n', '\r']);

/**
 * A JSON object or array re-indented by two spaces, every token kept as the target wrote it (a
 * number like `12.50` or an escape like `\u00e9` is not normalised, as `JSON.stringify` would);
 * `undefined` for anything else (a scalar, a truncated body, text).
 */
export function prettyJson(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
  } catch {
    return undefined;
  }
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (inString) {
      out += char;
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '{' || char === '[') {
      let next = at + 1;
      while (jsonSpace.has(text[next] ?? '')) next += 1;
      if (text[next] === (char === '{' ? '}' : ']')) {
        out += `${char}${text[next]}`;
        at = next;
      } else {
        depth += 1;
        out += `${char}${newline()}`;
      }
    } else if (char === '}' || char === ']') {
      depth -= 1;
      out += `${newline()}${char}`;
    } else if (char === ',') {
      out += `,${newline()}`;
    } else if (char === ':') {
      out += ': ';
    } else if (!jsonSpace.has(char)) {
      out += char;
    }
  }
  return out;
}

function bodyHtml(body: string | null): string {
  if (body === null || body === '') return '<p class="note">no body</p>';
  const pretty = prettyJson(body);
  return `<pre class="body${pretty === undefined ? '' : ' json'}">${escapeHtml(pretty ?? body)}</pre>`;
}

/** A `<pre>` with a curl line and the button that copies it (shown by the page's script). */
export function curlHtml(curl: string, id: string): string {
  return `<div class="curl"><pre id="${escapeHtml(id)}">${escapeHtml(curl)}</pre><button type="button" class="copy" data-copy="${escapeHtml(id)}" hidden>Copy curl</button></div>`;
}

/** One recorded exchange, closed until clicked: request and answer with their relevant headers and pretty-printed JSON bodies, and the curl line that replays it. */
export function exchangeHtml(exchange: RecordedExchange, id: string): string {
  const outcome = exchange.status === null ? `no answer: ${exchange.error ?? 'unknown'}` : String(exchange.status);
  const answer = exchange.status === null
    ? `<p class="no-answer">${escapeHtml(outcome)}</p>`
    : `${headersHtml(exchange.responseHeaders)}${bodyHtml(exchange.responseBody)}`;
  return `<details class="exchange"><summary><code>${escapeHtml(`${exchange.method} ${exchange.url}`)}</code> → <strong>${escapeHtml(outcome)}</strong> <span class="note">${Math.round(exchange.durationMs)} ms</span></summary>
<div class="io"><div><h5>Request</h5>${headersHtml(exchange.requestHeaders)}${exchange.requestBody === null ? '' : bodyHtml(exchange.requestBody)}</div>
<div><h5>Answer</h5>${answer}</div></div>
${curlHtml(toCurl(exchange), id)}</details>`;
}
