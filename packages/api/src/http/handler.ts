import type { Dispatcher } from 'undici';

/** Hooks an interceptor may attach to a response without changing it. */
export interface ResponseObserver {
  onResponseStart?(statusCode: number, headers: Record<string, string | string[] | undefined>): void;
  onResponseData?(chunk: Buffer): void;
  onResponseEnd?(): void;
  onResponseError?(error: Error): void;
}

/** Wraps a (new-style) undici handler so `observer` sees the response as it passes through unchanged. */
export function observe(handler: Dispatcher.DispatchHandler, observer: ResponseObserver): Dispatcher.DispatchHandler {
  return {
    onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
    onRequestUpgrade: (controller, statusCode, headers, socket) =>
      handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
    onResponseStart: (controller, statusCode, headers, statusMessage) => {
      observer.onResponseStart?.(statusCode, headers);
      handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
    },
    onResponseData: (controller, chunk) => {
      observer.onResponseData?.(chunk);
      handler.onResponseData?.(controller, chunk);
    },
    onResponseEnd: (controller, trailers) => {
      observer.onResponseEnd?.();
      handler.onResponseEnd?.(controller, trailers);
    },
    onResponseError: (controller, error) => {
      observer.onResponseError?.(error);
      handler.onResponseError?.(controller, error);
    },
  };
}

/** Reads undici's header forms (object, flat array, Headers-like) as a plain lower-cased record. */
export function headerRecord(headers: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers == null) return record;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) record[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
    return record;
  }
  const entries = typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function'
    ? [...(headers as Iterable<[string, string]>)]
    : Object.entries(headers as Record<string, unknown>);
  for (const [name, value] of entries) {
    if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return record;
}
