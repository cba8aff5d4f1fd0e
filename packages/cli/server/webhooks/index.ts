import { randomUUID } from 'node:crypto';
import type { FaultName } from '../faults/index.js';
import type { VariantName } from '../variants/index.js';
import type { SenderSettings } from './deliveries.js';
import { envelopeOf } from './message.js';
import type { Message } from './message.js';
import { answerLimitOf } from './schedule.js';
import type { AttemptOutcome } from './schedule.js';
import { senderThread } from './thread-host.js';

/** A status change to announce. v1: the bare resource and the event name; v2: `event_type` and `data`. */
export interface ServerEvent {
  api: 'v1' | 'v2';
  type: string;
  payload: unknown;
  /** The record as it was before this change; webhooks-out-of-order delivers its event late. */
  previous?: unknown;
}

/** Sends the server's webhooks (§6) in the background, retrying as §6.3 says. */
export interface WebhookDispatcher {
  /** Queues the deliveries of one event; returns at once. Events of a version without a URL are dropped. */
  emit(event: ServerEvent): void;
  /**
   * Resolves once no delivery is in flight and no retry is waiting (events emitted meanwhile
   * included): what a test waits for before it says a call was not retried.
   */
  settled(): Promise<void>;
  /** Cancels pending retries and in-flight requests. */
  close(): Promise<void>;
  /** Resolves once calls go out as soon as an event occurs (the sender's thread has started). */
  ready(): Promise<void>;
}

/** The dispatcher of a server that delivers nowhere: no thread is started for it. */
const deliversNowhere: WebhookDispatcher = { emit() {}, settled: async () => {}, close: async () => {}, ready: async () => {} };

/** Where to deliver, with which key, and how fast the retry clock runs. */
export interface WebhookDispatcherOptions {
  v1Url?: string;
  v2Url?: string;
  /** The oldest valid token of the sales channel (§6.3); v1 sends no signature without it. */
  signingToken: string | undefined;
  /** A newer valid token of the same channel: the wrong key the `webhooks-signature-wrong-key` fault signs with. */
  newestToken?: string;
  /** Multiplies the retry intervals (1 is the real ~12 h schedule; tests use e.g. 0.0001). */
  timeScale: number;
  /** How long an answer may take; default `answerLimitOf(timeScale)` (§6.3 point 3: 5 s at time scale 1). */
  answerTimeoutMs?: number;
  /** The faults switched on (`Faults.names()`); only webhook faults act here. */
  faults: ReadonlySet<FaultName>;
  /** The webhook variants switched on (server/variants/webhooks.ts); default none. */
  variants?: ReadonlySet<VariantName>;
  /** The server's clock, for the v2 envelope's timestamp; default `Date.now`. */
  now?: () => number;
  /** Renders a body as the server's variants do (server/render/wire.ts); default unchanged. */
  render?: (body: unknown) => unknown;
  /** Told the outcome of every attempt, as it comes: a test waits on it rather than on time. */
  onAttempt?: (url: string, outcome: AttemptOutcome) => void;
}

// webhooks-answer-wait-2s: the sender gives up after 2 s of the 5 §6.3 point 3 grants, at any time scale.
const SHORT_WAIT_SHARE = 2 / 5;

// webhooks-v2-timestamp-fixed: how long before the dispatcher was made its one timestamp lies.
const FIXED_TIMESTAMP_AGE_MS = 3_600_000;

/**
 * Creates the dispatcher the reference server hands its status changes to. The calls of each event
 * are built here, as the event occurs (payload, envelope, event ids), and made by the sender's own
 * thread (thread.ts), with their retries.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { faults } = options;
  if (faults.has('webhooks-signature-wrong-key') && options.newestToken === undefined) {
    throw new Error('the webhooks-signature-wrong-key fault needs the newestToken option');
  }
  if (options.v1Url === undefined && options.v2Url === undefined) return deliversNowhere;
  const answerLimitMs = options.answerTimeoutMs ?? answerLimitOf(options.timeScale);
  const shortWait = faults.has('webhooks-answer-wait-2s');
  const settings: SenderSettings = {
    key: faults.has('webhooks-signature-wrong-key') ? options.newestToken : options.signingToken,
    answerTimeoutMs: shortWait ? Math.round(answerLimitMs * SHORT_WAIT_SHARE) : answerLimitMs,
    strictLimit: shortWait,
    followRedirects: faults.has('webhooks-redirect-followed'),
    timeScale: options.timeScale,
    message: {
      base64Signature: faults.has('webhooks-signature-base64'),
      reserializedSignature: faults.has('webhooks-signature-reserialized'),
      v1MissingEventId: faults.has('webhooks-v1-missing-event-id'),
      v1UnstableEventId: faults.has('webhooks-v1-unstable-event-id'),
      v1PayloadChangedOnRetry: faults.has('webhooks-v1-payload-changed-on-retry'),
      v2MissingSignature: faults.has('webhooks-v2-missing-signature'),
      astralEscapedSignature: faults.has('webhooks-signature-astral-escaped'),
    },
    retry: {
      retry4xx: faults.has('webhooks-v1-retries-4xx'),
      noRetry5xx: faults.has('webhooks-v1-no-retry-5xx'),
      noRetry429: faults.has('webhooks-v1-no-retry-429'),
      noRetryConnectionFailure: faults.has('webhooks-v1-no-retry-connection-failure'),
      noRetryTimeout: faults.has('webhooks-v1-no-retry-timeout'),
      retry3xx: faults.has('webhooks-v1-redirect-retried'),
    },
  };
  const variants = options.variants ?? new Set<VariantName>();
  const render = options.render ?? ((body: unknown) => body);
  // webhooks-v2-timestamp-fixed: one time from before any event, whenever an event occurs.
  const fixedTimestamp = faults.has('webhooks-v2-timestamp-fixed') ? new Date((options.now ?? Date.now)() - FIXED_TIMESTAMP_AGE_MS).toISOString() : undefined;
  // The plans the sender's thread has not finished, by task number; settled() waits for them.
  const pending = new Map<number, () => void>();
  let tasks = 0;
  let closed: (() => void) | undefined;
  const thread = senderThread();
  const sender = thread.open((message) => {
    if (message.kind === 'attempt') options.onAttempt?.(message.url, message.outcome);
    if (message.kind === 'done') {
      pending.get(message.task)?.();
      pending.delete(message.task);
    }
    if (message.kind === 'closed') {
      thread.forget(sender);
      closed?.();
    }
  });
  thread.post({ kind: 'open', sender, settings });
  const running = new Set<Promise<void>>();

  return {
    emit(event) {
      const url = event.api === 'v1' ? options.v1Url : options.v2Url;
      if (url === undefined || closed !== undefined) return;
      const now = (options.now ?? Date.now)();
      const message = (payload: unknown, at: number): Message => ({
        api: event.api,
        payload: render(event.api === 'v1' ? payload : envelopeOf(event.type, payload, faults.has('webhooks-v2-missing-envelope-field'), fixedTimestamp ?? new Date(at).toISOString())),
        eventId: randomUUID(),
      });
      // webhooks-two-calls-per-event: each event goes out as two calls with the same payload, each with
      // its own event id and its own retries, side by side.
      const callsOf = (payload: unknown, at: number): Message[] =>
        variants.has('webhooks-two-calls-per-event') ? [message(payload, at), message(payload, at)] : [message(payload, at)];
      const groups = [callsOf(event.payload, now)];
      // webhooks-out-of-order: the event of the record's previous change arrives after this one.
      if (variants.has('webhooks-out-of-order') && event.previous !== undefined) groups.push(callsOf(event.previous, earlier(event.previous, now)));
      // webhooks-v2-events-to-v1-url: the v1 URL gets each v2 call too.
      const urls = event.api === 'v2' && faults.has('webhooks-v2-events-to-v1-url') && options.v1Url !== undefined ? [url, options.v1Url] : [url];
      const task = (tasks += 1);
      const done = new Promise<void>((resolve) => pending.set(task, resolve));
      running.add(done);
      void done.then(() => running.delete(done));
      // webhooks-duplicate-deliveries: a received call is made once more with the same bytes and headers;
      // never one the receiver rejected, which §6.3 point 4 forbids retrying.
      thread.post({ kind: 'deliver', sender, task, plan: { groups, urls, twice: variants.has('webhooks-duplicate-deliveries') } });
    },
    async settled() {
      // A task may emit nothing new, but an event emitted while waiting adds one: wait until none is left.
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      if (closed !== undefined) return;
      await new Promise<void>((resolve) => {
        closed = resolve;
        thread.post({ kind: 'close', sender });
      });
      for (const resolve of pending.values()) resolve();
    },
    ready: () => thread.ready,
  };
}

// When the previous change happened: the record's updated_at, and at least a second before `now`.
function earlier(previous: unknown, now: number): number {
  const updatedAt = Date.parse(String((previous as { updated_at?: unknown } | null)?.updated_at));
  return Math.min(Number.isNaN(updatedAt) ? now : updatedAt, now - 1_000);
}
