import { connect } from 'node:net';
import { expect } from 'vitest';
import { validateSchema } from '../../packages/api/src/openapi/index.js';

/** A request as bytes on the wire: anything goes, including what fetch and node:http refuse to send. */
export interface RawRequest {
  method: string;
  /** The request target exactly as sent (no encoding applied). */
  target: string;
  headers: [name: string, value: string][];
  body?: Buffer;
  /** Content-Length: the body's length, one byte less than sent, more than sent, or none; a request with more or chunked is half-closed after it. */
  length?: 'exact' | 'short' | 'long' | 'none';
}

/** The first answer on the connection; status 0 when the server closed it without answering. */
export interface RawReply {
  status: number;
  headers: Map<string, string>;
  text: string;
}

/** The bytes of a request: request line, headers, Content-Length as `length` says, Connection: close, body. */
export function requestBytes(request: RawRequest): Buffer {
  const body = request.body ?? Buffer.alloc(0);
  const length = request.length ?? 'exact';
  const declared = { exact: body.length, short: body.length - 1, long: body.length + 10, none: undefined }[length];
  const lines = [`${request.method} ${request.target} HTTP/1.1`, ...request.headers.map(([name, value]) => `${name}: ${value}`)];
  if (declared !== undefined && (body.length > 0 || length !== 'exact')) lines.push(`Content-Length: ${Math.max(declared, 0)}`);
  lines.push('Connection: close');
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/**
 * Sends one request on a fresh connection and reads the first answer. A `long` request is half-closed
 * after its body, so the server sees the client give up; `timeoutMs` bounds a server that never answers.
 */
export function sendRaw(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${request.method} ${request.target.slice(0, 200)}`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while the request is still being written (an answer before the whole body).
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseReply(Buffer.concat(chunks), request.method === 'HEAD'));
    });
    socket.write(requestBytes(request));
    // A body that may never be complete (shorter than declared, or chunked) is cut off: the server must answer anyway.
    if (request.length === 'long' || request.headers.some(([name]) => /^transfer-encoding$/i.test(name))) socket.end();
  });
}

// An interim 1xx answer (100 Continue) is skipped: the first final answer counts.
function parseReply(bytes: Buffer, head: boolean): RawReply {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return { status: 0, headers: new Map(), text: '' };
  if (/^HTTP\/1\.[01] 1\d\d /.test(bytes.subarray(0, 13).toString('latin1'))) return parseReply(bytes.subarray(end + 4), head);
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const length = head ? 0 : Number(headers.get('content-length') ?? 0);
  return { status: Number(statusLine.split(' ')[1]), headers, text: bytes.subarray(end + 4, end + 4 + length).toString('utf8') };
}

/** Asserts what every answer carries: no 5xx, the §8 headers, and a §7 error body of the version for a 4xx (except to HEAD). */
export function expectWellFormed(reply: RawReply, api: 'v1' | 'v2', method: string, where: string): void {
  expect(reply.status, where).toBeGreaterThanOrEqual(200);
  expect(reply.status, where).toBeLessThan(500);
  expect(reply.headers.get('x-rate-limit-used'), `X-Rate-Limit-Used of ${where}`).toMatch(/^\d+$/);
  expect(reply.headers.get('x-rate-limit-max'), `X-Rate-Limit-Max of ${where}`).toMatch(/^\d+$/);
  if (reply.status < 400 || method === 'HEAD') return;
  expect(reply.headers.get('content-type'), where).toMatch(/^application\/json/);
  const verdict = validateSchema(api, 'Error', JSON.parse(reply.text));
  expect(verdict.errors, `error body of ${where}`).toEqual([]);
}

/** The version whose error shape a request target gets: its path as the server reads it (paths outside both: v2). */
export function apiOfTarget(target: string): 'v1' | 'v2' {
  const url = new URL('http://localhost');
  const query = target.indexOf('?');
  url.pathname = query === -1 ? target : target.slice(0, query);
  return url.pathname === '/merchant_api/v1' || url.pathname.startsWith('/merchant_api/v1/') ? 'v1' : 'v2';
}
