import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, redactDeep, type RecordedExchange } from '../../packages/cli/src/http/index.js';
import { buildReport, renderSummary, writeReports, type CheckResult } from '../../packages/cli/src/reports/index.js';
import { tempDir } from '../support/profile.js';
import { isWellFormedXml } from '../support/xml.js';

// Characters tokens are made of in practice, and a few beyond ASCII (one outside the BMP).
const tokenChars = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/+=-_.~', ' ', 'é', 'ß', 'Ω', '中', '😀'];
// What surrounds an echo: text, JSON and markup syntax, escapes, controls.
const noiseChars = [...'abcXYZ019 :,{}[]"\'\\/<>&%+=#;\n\t', '\u001b', '\u0007', '\u202e', 'é'];

/** A text encoding that maps each character on its own, so the encoding of a piece is a piece of the encoding. */
type Layer = 'json' | 'json-slash' | 'json-unicode' | 'url' | 'url-lower' | 'form' | 'html';
const layers: readonly Layer[] = ['json', 'json-slash', 'json-unicode', 'url', 'url-lower', 'form', 'html'];

function encode(layer: Layer, text: string): string {
  switch (layer) {
    case 'json': return JSON.stringify(text).slice(1, -1);
    case 'json-slash': return JSON.stringify(text).slice(1, -1).replaceAll('/', '\\/');
    case 'json-unicode': return text.split('').map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    case 'url': return encodeURIComponent(text);
    case 'url-lower': return encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
    case 'form': return [...text].map((char) => (char === ' ' ? '+' : encodeURIComponent(char).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))).join('');
    case 'html': return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  }
}

/** Base64 of a piece of the token after a prefix: '' (offset 0), 'Bearer ' (offset 1), 'u:' (offset 2). */
interface Base64Wrap { prefix: '' | 'Bearer ' | 'u:'; urlSafe: boolean; padding: boolean }

function base64(text: string, { urlSafe, padding }: Omit<Base64Wrap, 'prefix'>): string {
  const encoded = Buffer.from(text, 'utf8').toString(urlSafe ? 'base64url' : 'base64');
  return padding ? encoded.padEnd(Math.ceil(encoded.length / 4) * 4, '=') : encoded.replace(/=+$/, '');
}

/** One echo of the token: which piece, wrapped how, encoded how, cut how, put where. */
interface Echo {
  from: number;
  length: number;
  wrap: Base64Wrap | null;
  layers: Layer[];
  cut: [number, number];
  place: 'body' | 'json-body' | 'header' | 'url' | 'message' | 'received' | 'title' | 'error';
}

const echoArb: fc.Arbitrary<Echo> = fc.record({
  from: fc.nat(),
  length: fc.integer({ min: 12, max: 200 }),
  wrap: fc.option(fc.record({ prefix: fc.constantFrom('' as const, 'Bearer ' as const, 'u:' as const), urlSafe: fc.boolean(), padding: fc.boolean() }), { freq: 3 }),
  layers: fc.array(fc.constantFrom(...layers), { maxLength: 2 }),
  cut: fc.tuple(fc.nat({ max: 5 }), fc.nat({ max: 5 })),
  place: fc.constantFrom('body', 'json-body', 'header', 'url', 'message', 'received', 'title', 'error'),
});

const caseArb = fc.record({
  token: fc.array(fc.constantFrom(...tokenChars), { minLength: 8, maxLength: 200 }),
  echoes: fc.array(echoArb, { minLength: 1, maxLength: 4 }),
  noise: fc.array(fc.string({ unit: fc.constantFrom(...noiseChars), maxLength: 30 }), { minLength: 10, maxLength: 10 }),
});

/** The text of one echo: a piece of the token of 12 characters or more (all of a shorter token), then base64, then text layers, then a few characters cut off each end. */
function echoText(token: string[], echo: Echo): string {
  const length = Math.min(token.length, echo.length);
  const from = echo.from % (token.length - length + 1);
  let text = token.slice(from, from + length).join('');
  if (echo.wrap) text = base64(`${echo.wrap.prefix}${text}`, echo.wrap);
  for (const layer of echo.layers) text = encode(layer, text);
  // Cutting into an encoded echo may take part of the first or last character away, never 12 of them.
  // A cut of 5 may take up to 5 whole characters (an encoded character can be 1 long), so a piece
  // shorter than 22 is left whole: cut to 11, it holds no window to find, yet a newline of the noise
  // that an output shows as a space could complete one with the token's own space.
  const cut: [number, number] = (echo.wrap || echo.layers.length > 0) && length >= 22 ? echo.cut : [0, 0];
  return text.slice(cut[0], text.length - cut[1]);
}

/** The pieces no output may hold: every 12-character window (the whole of a shorter token) of the token, of each base64 alignment, under each layering an echo used. */
function forbiddenPieces(token: string[], echoes: Echo[]): string[] {
  const windowOf = (chars: string[]) => Array.from({ length: Math.max(1, chars.length - 11) }, (_, i) => chars.slice(i, i + 12).join(''));
  const plain = windowOf(token);
  const base64Pieces = (['', 'Bearer ', 'u:'] as const).flatMap((prefix) => [false, true].flatMap((urlSafe) => {
    // Only the characters that depend on the token alone, without the prefix's or the padding's.
    const offset = Buffer.byteLength(prefix);
    const encoded = base64(`${prefix}${token.join('')}`, { urlSafe, padding: false });
    const run = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + Buffer.byteLength(token.join('')))) / 6));
    return windowOf([...run]);
  }));
  const layerings = new Map<string, Layer[]>([['', []]]);
  for (const layer of layers) layerings.set(layer, [layer]);
  for (const echo of echoes) layerings.set(echo.layers.join('+'), echo.layers);
  const pieces = new Set<string>();
  for (const used of layerings.values()) {
    for (const piece of [...plain, ...(echoes.some((echo) => echo.wrap) ? base64Pieces : [])]) {
      pieces.add(used.reduce((text, layer) => encode(layer, text), piece));
    }
  }
  return [...pieces];
}

function exchangeWith(texts: Record<Echo['place'], string>): RecordedExchange {
  return {
    method: 'POST',
    url: `http://127.0.0.1:9/merchant_api/v1/orders?note=${texts.url}`,
    requestHeaders: { authorization: 'Bearer [redacted]', 'content-type': 'application/json' },
    requestBody: `{"merchant_order_id":"x-${texts.url}"}`,
    status: texts.error === '' ? 400 : null,
    responseHeaders: { 'content-type': 'application/json', 'x-echo': texts.header },
    responseBody: `${texts.body}{"errors":["${texts['json-body']}"]}`,
    durationMs: 3,
    ...(texts.error === '' ? {} : { error: texts.error }),
  };
}

/** A report with the echoes where a target's text lands: bodies, headers, URL, messages, titles, network errors. */
function leakyReport(token: string[], echoes: Echo[], noise: string[]) {
  const texts: Record<Echo['place'], string> = { body: '', 'json-body': '', header: '', url: '', message: '', received: '', title: '', error: '' };
  echoes.forEach((echo, i) => {
    texts[echo.place] += `${noise[i]}${echoText(token, echo)}${noise[i + 4]}`;
  });
  const exchange = exchangeWith(texts);
  const failed: CheckResult = {
    id: 'v1.orders.create.duplicate-409', title: `A duplicate answers 409 ${texts.title}`, api: 'v1', section: '4.1', status: 'failed',
    message: `A duplicate answers 409\nExpected: status 409\nReceived: ${texts.received}\n${noise[8]}${texts.message}\nBody: ${exchange.responseBody}`,
    requests: [exchange],
    failure: { code: 'MFC_CHECK_EXPECTATION', title: 'A duplicate answers 409', expected: 'status 409', received: texts.received },
  };
  const skipped: CheckResult = { id: 'v2.auth.expired-token-403', title: 'An expired token answers 403', api: 'v2', section: '5', status: 'skipped', message: `needs ${texts.message}`, requests: [] };
  return buildReport([failed, skipped]);
}

describe('redaction of every form of a token in every output (property)', () => {
  it('leaves no window of 12 characters of any form of the token in report.json, junit.xml, report.html or the terminal summary', async () => {
    const dir = tempDir('mfc-redaction-');
    const other = 'other-token-0000';
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ token, echoes, noise }) => {
        const secrets = [token.join(''), other];
        const report = leakyReport(token, echoes, noise);
        const paths = await writeReports(dir, report, { secrets });
        const files = [paths.json, paths.junit, paths.html].map((path) => readFileSync(path, 'utf8'));
        // The runner's collector redacts each result before the summary sees it.
        const summary = renderSummary(redactDeep(report, createRedactor(secrets)));
        for (const output of [...files, summary]) {
          for (const piece of forbiddenPieces(token, echoes)) {
            if (output.includes(piece)) throw new Error(`a form of the token survived: ${JSON.stringify(piece)}`);
          }
        }
        expect(() => JSON.parse(files[0]!) as unknown).not.toThrow();
        expect(isWellFormedXml(files[1]!)).toBe(true);
        expect(summary).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
      }),
      { numRuns: 300, endOnFailure: true },
    );
  }, 30_000);
});
