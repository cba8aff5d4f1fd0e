// The reference server reached without sockets: what the fault matrix, the variants and the conforming
// runs prove does not depend on TCP (the connection variants, which do, run over sockets), and a full
// run's requests cost a third of their CPU less this way (issue 37). A run gets the client side through
// `RunOptions.dispatcherModule` (this file): its HTTP chain (decoding, deadline, recording, pacing,
// retries) stays the one every run has, only the base dispatcher is this one. The server side answers
// on a BroadcastChannel named after the server's URL, through its own request listener, as
// light-my-request injects a request into it; the checks run in vitest's worker thread, the server in
// the test's, and a BroadcastChannel is what reaches across without handing anything over.
import type { OutgoingHttpHeaders, RequestListener } from 'node:http';
import { fileURLToPath } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import inject from 'light-my-request';
import { Dispatcher } from 'undici';

/** A request as it crosses to the server: what the server's listener needs of it. */
interface ChannelRequest {
  id: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
}

/** The whole answer, or why there is none. */
type ChannelAnswer = { id: string; status: number; headers: OutgoingHttpHeaders; body: Uint8Array } | { id: string; error: string };

/** The module to give `RunOptions.dispatcherModule`: this one. */
export const IN_PROCESS_DISPATCHER = fileURLToPath(import.meta.url);

const channelName = (baseUrl: string, side: 'requests' | 'answers') => `mfc-in-process ${new URL(baseUrl).origin} ${side}`;

/** What `serveInProcess` needs of a started server: its URL and its request listener. */
export interface InProcessServable {
  url: string;
  listener: RequestListener;
}

/** Answers the requests sent to `server.url` through `createDispatcher`, until `close()`. */
export function serveInProcess(server: InProcessServable): { close(): void } {
  const requests = new BroadcastChannel(channelName(server.url, 'requests'));
  const answers = new BroadcastChannel(channelName(server.url, 'answers'));
  requests.onmessage = (event: unknown) => {
    const request = (event as { data: ChannelRequest }).data;
    inject(server.listener, {
      method: request.method as 'GET',
      url: request.path,
      headers: request.headers,
      ...(request.body === null ? {} : { payload: request.body }),
      remoteAddress: '127.0.0.1',
    }).then(
      (answer) => answers.postMessage({ id: request.id, status: answer.statusCode, headers: answer.headers, body: answer.rawPayload } satisfies ChannelAnswer),
      (error: unknown) => answers.postMessage({ id: request.id, error: String(error) } satisfies ChannelAnswer),
    );
  };
  return {
    close() {
      requests.close();
      answers.close();
    },
  };
}

/** Every header a request carries, as a record (undici gives a record, a flat array or an iterable). */
function headerRecord(headers: Dispatcher.DispatchOptions['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers == null) return record;
  const pairs: Iterable<[string, unknown]> = Array.isArray(headers)
    ? headers.flatMap((_value, index) => (index % 2 === 0 ? [[String(headers[index]), headers[index + 1]] as [string, unknown]] : []))
    : Symbol.iterator in headers ? (headers as Iterable<[string, unknown]>) : Object.entries(headers);
  for (const [name, value] of pairs) if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  return record;
}

/** The client side: a dispatcher whose every request goes to the server `serveInProcess` serves at `baseUrl`. */
export function createDispatcher(baseUrl: string): Dispatcher {
  return new ChannelDispatcher(baseUrl);
}

class ChannelDispatcher extends Dispatcher {
  readonly #requests: BroadcastChannel;
  readonly #answers: BroadcastChannel;
  readonly #pending = new Map<string, (answer: ChannelAnswer) => void>();
  // Every client of the server hears every answer: ids carry the client's own prefix.
  readonly #prefix = `${process.pid}-${Math.random().toString(36).slice(2)}-`;
  #next = 0;

  constructor(baseUrl: string) {
    super();
    this.#requests = new BroadcastChannel(channelName(baseUrl, 'requests'));
    this.#answers = new BroadcastChannel(channelName(baseUrl, 'answers'));
    this.#answers.onmessage = (event: unknown) => {
      const answer = (event as { data: ChannelAnswer }).data;
      this.#pending.get(answer.id)?.(answer);
    };
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const id = `${this.#prefix}${(this.#next += 1)}`;
    let aborted = false;
    const controller: Dispatcher.DispatchController = {
      get aborted() {
        return aborted;
      },
      get paused() {
        return false;
      },
      get reason() {
        return null;
      },
      abort: (reason: Error) => {
        if (aborted) return;
        aborted = true;
        this.#pending.delete(id);
        handler.onResponseError?.(controller, reason);
      },
      pause: () => undefined,
      resume: () => undefined,
    };
    this.#pending.set(id, (answer) => {
      this.#pending.delete(id);
      if (aborted) return;
      if ('error' in answer) {
        handler.onResponseError?.(controller, Object.assign(new Error(answer.error), { code: 'UND_ERR_SOCKET' }));
        return;
      }
      handler.onResponseStart?.(controller, answer.status, answer.headers as Record<string, string | string[]>, '');
      if (answer.body.byteLength > 0) handler.onResponseData?.(controller, Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength));
      handler.onResponseEnd?.(controller, {});
    });
    handler.onRequestStart?.(controller, {});
    if (aborted) return true;
    const body = options.body == null ? null : typeof options.body === 'string' ? options.body : Buffer.from(options.body as Uint8Array).toString('utf8');
    this.#requests.postMessage({ id, method: options.method, path: options.path, headers: headerRecord(options.headers), body } satisfies ChannelRequest);
    return true;
  }

  override async close(): Promise<void> {
    this.#requests.close();
    this.#answers.close();
  }

  override async destroy(): Promise<void> {
    await this.close();
  }
}
