// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the exchanges of a proxy session or of a
// run, for the tools that import HAR. Entries are written as they come, so a long session holds
// none in memory; each is a `RecordedExchange`, already redacted and clipped like every report's.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { RecordedExchange } from '../http/index.js';

/** One name/value pair of a HAR header or query list. */
interface HarPair {
  name: string;
  value: string;
}

/** A HAR 1.2 entry (the fields the format requires, and `comment` where a body was clipped or no answer came). */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: { method: string; url: string; httpVersion: string; cookies: []; headers: HarPair[]; queryString: HarPair[]; postData?: { mimeType: string; text: string }; headersSize: -1; bodySize: number };
  response: { status: number; statusText: string; httpVersion: string; cookies: []; headers: HarPair[]; content: { size: number; mimeType: string; text?: string }; redirectURL: string; headersSize: -1; bodySize: number };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

const pairs = (record: Record<string, string>): HarPair[] => Object.entries(record).map(([name, value]) => ({ name, value }));

function queryOf(url: string): HarPair[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** The HAR entry of one recorded exchange. */
export function harEntryOf(exchange: RecordedExchange): HarEntry {
  const requestHeaders = exchange.requestHeaders;
  const responseHeaders = exchange.responseHeaders;
  const requestBody = exchange.requestBody ?? '';
  const responseBody = exchange.responseBody ?? '';
  const location = responseHeaders.location ?? '';
  return {
    startedDateTime: new Date(exchange.startedAt ?? Date.now()).toISOString(),
    time: Math.max(0, exchange.durationMs),
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(requestHeaders),
      queryString: queryOf(exchange.url),
      ...(exchange.requestBody === null ? {} : { postData: { mimeType: requestHeaders['content-type'] ?? 'application/json', text: requestBody } }),
      headersSize: -1,
      bodySize: Buffer.byteLength(requestBody),
    },
    response: {
      status: exchange.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(responseHeaders),
      content: { size: Buffer.byteLength(responseBody), mimeType: responseHeaders['content-type'] ?? '', ...(exchange.responseBody === null ? {} : { text: responseBody }) },
      redirectURL: location,
      headersSize: -1,
      bodySize: exchange.responseBody === null ? -1 : Buffer.byteLength(responseBody),
    },
    cache: {},
    timings: { send: 0, wait: Math.max(0, exchange.durationMs), receive: 0 },
    ...(exchange.error === undefined ? {} : { comment: `no answer: ${exchange.error}` }),
  };
}

/** A HAR file written entry by entry: `add` as exchanges end, `close` to finish the document. */
export class HarWriter {
  readonly #stream: WriteStream;
  #entries = 0;
  #failed: Error | undefined;

  private constructor(stream: WriteStream) {
    this.#stream = stream;
    stream.on('error', (error) => {
      this.#failed = error;
    });
  }

  /** Opens `path` and writes the log's head; rejects when the file cannot be written. */
  static async open(path: string, creatorVersion: string, comment?: string): Promise<HarWriter> {
    const stream = createWriteStream(path);
    await once(stream, 'open');
    const head = { version: '1.2', creator: { name: 'mfc', version: creatorVersion }, ...(comment === undefined ? {} : { comment }) };
    stream.write(`{"log":${JSON.stringify(head).slice(0, -1)},"entries":[\n`);
    return new HarWriter(stream);
  }

  /** Appends one exchange. */
  add(exchange: RecordedExchange): void {
    if (this.#failed !== undefined) return;
    this.#stream.write(`${this.#entries === 0 ? '' : ',\n'}${JSON.stringify(harEntryOf(exchange))}`);
    this.#entries += 1;
  }

  /** How many entries were written. */
  get entries(): number {
    return this.#entries;
  }

  /** Ends the document and the file; resolves to the write error, if one happened. */
  async close(): Promise<Error | undefined> {
    this.#stream.end('\n]}}\n');
    await once(this.#stream, 'close').catch(() => undefined);
    return this.#failed;
  }
}
