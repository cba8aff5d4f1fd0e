import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Delivery, Refusal } from './delivery.js';
import { parseEvent, looksLikeEnvelope } from '@mfc-conformance/api/webhooks';
import { LoopStalls } from './loop-stalls.js';
import { readBody } from './read-body.js';
import { acknowledgeValid } from './responders.js';
import type { Answer, Responder } from './responders.js';
import { SIGNATURE_HEADER, verifySignature } from '@mfc-conformance/api/webhooks';

/** The header v1 uses to name a call, stable across its retries (§6.3 point 2). */
export const EVENT_ID_HEADER = 'x-service-event-id';

/** How to run a receiver. */
export interface ReceiverOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The paths each version is delivered to (profile `webhooks.v1Path`/`v2Path`). */
  paths?: { v1?: string; v2?: string };
  /** Tokens a signature may be made with; the first that verifies is reported. Empty: not checked. */
  tokens: readonly string[];
  /** Largest body accepted, 1 MiB by default; larger calls are answered 413. */
  maxBodyBytes?: number;
  /** Time a sender has to deliver the whole body, 10 s by default; slower calls are answered 408. */
  bodyTimeoutMs?: number;
  /** The answer to each accepted call; `acknowledgeValid` by default. */
  responder?: Responder;
  /** Called once the answer to a delivery is decided (including refusals). */
  onDelivery?: (delivery: Delivery) => void;
  /**
   * How much of the past `deliveries` keeps: at most `deliveries` calls and `bytes` of raw bodies,
   * the oldest dropped first (the newest is always kept). Unbounded by default: a run's checks wait
   * on anything that arrived; a long listener keeps a window instead.
   */
  retain?: { deliveries?: number; bytes?: number };
}

/** What a receiver holds on to: how many deliveries and how many bytes of their raw bodies. */
export interface RetainedState {
  deliveries: number;
  bytes: number;
}

/** A running receiver: where it listens, what arrived, and how to wait for what is expected. */
export interface WebhookReceiver {
  /** `http://host:port`, without a path. */
  url: string;
  port: number;
  /** Every call so far whose answer is decided (held-open ones included), in that order; only the latest ones with `retain`. */
  readonly deliveries: readonly Delivery[];
  /** How many deliveries and raw-body bytes `deliveries` holds now. */
  retained(): RetainedState;
  /** Replaces the responder for calls from now on. */
  setResponder(responder: Responder): void;
  /**
   * Answers `answer` to the first call that matches from now on, whatever the responder would say;
   * several such rules may wait side by side (checks running at the same time). Resolves the
   * rule's call once it is answered; the returned function withdraws an unused rule.
   */
  answerFirst(matches: (delivery: Delivery) => boolean, answer: Answer): { answered: Promise<Delivery>; withdraw(): void };
  /** The first delivery (already answered or yet to come) that matches, or undefined after `timeoutMs`. */
  waitFor(predicate: (delivery: Delivery) => boolean, timeoutMs: number): Promise<Delivery | undefined>;
  /** Waits until `count` deliveries match or `timeoutMs` passes; resolves to those that matched by then. */
  waitForCount(predicate: (delivery: Delivery) => boolean, count: number, timeoutMs: number): Promise<Delivery[]>;
  /** Stops listening, drops held-open answers and resolves pending waits. */
  close(): Promise<void>;
}

interface Waiter {
  predicate: (delivery: Delivery) => boolean;
  count: number;
  resolve: (matched: Delivery[]) => void;
  timer: NodeJS.Timeout;
}

// A stall that held a call back ends just before the call is read: the loop's timers run before its I/O.
const STALL_LOOKBACK_MS = 100;

const refusalStatus: Record<Refusal, number> = { 'too-large': 413, 'too-slow': 408, aborted: 400, 'malformed-json': 400 };

/** Starts a webhook receiver on `host:port` (127.0.0.1 and a free port by default). */
export async function startReceiver(options: ReceiverOptions): Promise<WebhookReceiver> {
  const limits = { maxBytes: options.maxBodyBytes ?? 1024 * 1024, timeoutMs: options.bodyTimeoutMs ?? 10_000 };
  const deliveries: Delivery[] = [];
  const keep = { deliveries: options.retain?.deliveries ?? Infinity, bytes: options.retain?.bytes ?? Infinity };
  let retainedBytes = 0;
  const waiters = new Set<Waiter>();
  let responder = options.responder ?? acknowledgeValid;
  // One-shot answers set by checks for the calls about their own records, first match first.
  const firstAnswers: Array<{ matches: (delivery: Delivery) => boolean; answer: Answer; answered: (delivery: Delivery) => void }> = [];
  let arrivals = 0;
  const stalls = new LoopStalls();

  const settle = (waiter: Waiter): void => {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    waiter.resolve(deliveries.filter(waiter.predicate).slice(0, waiter.count));
  };
  const record = (delivery: Delivery): void => {
    deliveries.push(delivery);
    retainedBytes += delivery.rawBody.length;
    while (deliveries.length > 1 && (deliveries.length > keep.deliveries || retainedBytes > keep.bytes)) {
      retainedBytes -= deliveries.shift()!.rawBody.length;
    }
    for (const waiter of [...waiters]) {
      if (deliveries.filter(waiter.predicate).length >= waiter.count) settle(waiter);
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const receivedAt = new Date();
    // A stall that ended just now held the call back before it could be read: it counts against the answer.
    const unreadStallMs = stalls.stalledBetween(receivedAt.getTime() - STALL_LOOKBACK_MS, receivedAt.getTime());
    const answered = (meantMs: number): void => {
      delivery.answeredAt = new Date();
      delivery.answerLateMs = Math.max(0, delivery.answeredAt.getTime() - receivedAt.getTime() - meantMs) + unreadStallMs;
    };
    const seq = (arrivals += 1);
    const read = await readBody(request, limits);
    const rawBody = read.ok ? read.raw : Buffer.alloc(0);
    const body = read.ok ? parseJson(rawBody) : undefined;
    const refusal: Refusal | undefined = !read.ok ? read.refusal : body === undefined ? 'malformed-json' : undefined;
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const api = path === options.paths?.v1 ? 'v1' : path === options.paths?.v2 ? 'v2' : looksLikeEnvelope(body) ? 'v2' : 'v1';
    const headerEventId = single(request.headers[EVENT_ID_HEADER]);
    const envelope = api === 'v2' && isObject(body) ? body : undefined;
    const delivery: Delivery = {
      seq,
      method: request.method,
      path,
      headers: request.headers,
      rawBody,
      body,
      receivedAt,
      api,
      refusal,
      signature: refusal !== undefined || options.tokens.length === 0
        ? undefined
        : verifySignature(rawBody, single(request.headers[SIGNATURE_HEADER]), options.tokens),
      eventId: api === 'v1' ? headerEventId : typeof envelope?.['event_id'] === 'string' ? envelope['event_id'] : undefined,
      resource: api === 'v1' ? (isObject(body) ? body : undefined) : isObject(envelope?.['data']) ? envelope['data'] : undefined,
      event: refusal === undefined ? parseEvent(body, { api, eventId: headerEventId }) : undefined,
      answer: undefined,
    };
    const rule = refusal === undefined ? firstAnswers.find((candidate) => candidate.matches(delivery)) : undefined;
    if (rule) firstAnswers.splice(firstAnswers.indexOf(rule), 1);
    const answer: Answer = refusal !== undefined
      ? { status: refusalStatus[refusal], body: `refused: ${refusal}` }
      : rule?.answer ?? await responder(delivery);
    delivery.answer = answer === 'hang' || answer === 'drop' ? answer : answer.status;
    // Visible only once answered, so a check waiting for a delivery also sees what it was told.
    record(delivery);
    rule?.answered(delivery);
    options.onDelivery?.(delivery);
    if (answer === 'hang') return;
    // A connection failure for the sender (§6.3 point 4): closed with no answer at all.
    if (answer === 'drop') {
      request.socket.destroy();
      answered(0);
      return;
    }
    const delayMs = answer.delayMs ?? 0;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    // After a refused body the rest of it is never read, so the connection cannot be reused.
    if (refusal !== undefined) response.shouldKeepAlive = false;
    // The sender may have given up meanwhile (§6.3 point 3: it waits 5 seconds). The answer was ready
    // now all the same: how late that was tells whether the sender's giving up was this machine's doing.
    if (response.destroyed) return answered(delayMs);
    response.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers }).end(answer.body ?? '');
    answered(delayMs);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(error instanceof Error ? error.message : 'receiver error');
    });
  });
  // The receiver times slow bodies itself; the header phase gets the same allowance.
  server.requestTimeout = 0;
  server.headersTimeout = limits.timeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  const waitForCount = (predicate: (delivery: Delivery) => boolean, count: number, timeoutMs: number): Promise<Delivery[]> =>
    new Promise((resolve) => {
      const waiter: Waiter = { predicate, count, resolve, timer: setTimeout(() => settle(waiter), timeoutMs) };
      waiters.add(waiter);
      if (deliveries.filter(predicate).length >= count) settle(waiter);
    });

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    deliveries,
    retained: () => ({ deliveries: deliveries.length, bytes: retainedBytes }),
    setResponder(next) {
      responder = next;
    },
    answerFirst(matches, answer) {
      let answered!: (delivery: Delivery) => void;
      const promise = new Promise<Delivery>((resolve) => {
        answered = resolve;
      });
      const rule = { matches, answer, answered };
      firstAnswers.push(rule);
      return {
        answered: promise,
        withdraw: () => {
          const at = firstAnswers.indexOf(rule);
          if (at !== -1) firstAnswers.splice(at, 1);
        },
      };
    },
    waitForCount,
    async waitFor(predicate, timeoutMs) {
      return (await waitForCount(predicate, 1, timeoutMs))[0];
    },
    close() {
      stalls.stop();
      for (const waiter of [...waiters]) settle(waiter);
      return new Promise((resolve) => {
        server.close(() => resolve());
        // Held-open answers and idle keep-alive sockets would otherwise keep close() waiting.
        server.closeAllConnections();
      });
    },
  };
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
