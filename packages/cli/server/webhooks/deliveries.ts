// The delivery loop of one event: its calls, each attempt's bytes and headers, the answer limit, the
// retry schedule and the faults that bend them (§6.3). Data in, attempts out: it runs in the sender's
// own thread (thread.ts), so that the time it keeps is not the time the server's requests take.
import { wireMessage, type Message, type MessageDeviations, type WireMessage } from './message.js';
import { postOnce } from './post.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, nextStep, type AttemptOutcome, type RetryDeviations } from './schedule.js';

/** How one dispatcher sends: the key, the answer limit and the faults that act on every attempt. */
export interface SenderSettings {
  /** The signing key (§6.3 point 1); v1 sends no signature without it. */
  key: string | undefined;
  answerTimeoutMs: number;
  /** webhooks-answer-wait-2s: give up at the limit whatever is waiting (post.ts). */
  strictLimit: boolean;
  /** webhooks-redirect-followed. */
  followRedirects: boolean;
  /** Multiplies the retry waits. */
  timeScale: number;
  message: MessageDeviations;
  /** The v1 retry deviations; v2 retries as this server's v1 does (§6.3 shows no v2 policy). */
  retry: RetryDeviations;
}

/** The calls of one event: groups made one after another, the calls of a group side by side, each to every URL. */
export interface DeliveryPlan {
  groups: Message[][];
  urls: string[];
  /** webhooks-duplicate-deliveries: an acknowledged call is made once more with the same bytes and headers. */
  twice: boolean;
}

const noRetryDeviations: RetryDeviations = { retry4xx: false, noRetry5xx: false, noRetry429: false, retry3xx: false, noRetryConnectionFailure: false, noRetryTimeout: false };

/** Makes the calls of `plan` until each is received, rejected, out of attempts, or `signal` ends them. */
export async function deliverPlan(plan: DeliveryPlan, settings: SenderSettings, signal: AbortSignal, onAttempt: (url: string, outcome: AttemptOutcome) => void): Promise<void> {
  // Resolves to what the attempt the receiver acknowledged sent (any status below 400), or undefined.
  // `resend`: every attempt sends these bytes and headers (a duplicate of an acknowledged call).
  const deliver = async (url: string, delivery: Message, resend?: WireMessage): Promise<WireMessage | undefined> => {
    const deviations = delivery.api === 'v1' ? settings.retry : noRetryDeviations;
    let failures = 0;
    let rateLimited = 0;
    for (let attempt = 1; !signal.aborted; attempt += 1) {
      const wire = resend ?? wireMessage(delivery, attempt, settings.key, settings.message);
      const outcome = await postOnce({ url, ...wire, answerTimeoutMs: settings.answerTimeoutMs, strictLimit: settings.strictLimit, followRedirects: settings.followRedirects, signal });
      if (outcome === undefined) return undefined;
      onAttempt(url, outcome);
      const step = nextStep(outcome, deviations);
      if (step === 'received' || step === 'rejected') return step === 'received' ? wire : undefined;
      const count = step === 'retry-rate-limited' ? (rateLimited += 1) : (failures += 1);
      const delay = RETRY_DELAYS_MS[count - 1];
      if (count >= MAX_ATTEMPTS || delay === undefined) return undefined;
      await sleep(delay * settings.timeScale, signal);
    }
    return undefined;
  };
  const call = async (delivery: Message): Promise<void> => {
    for (const url of plan.urls) {
      const acknowledged = await deliver(url, delivery);
      if (acknowledged !== undefined && plan.twice) await deliver(url, delivery, acknowledged);
    }
  };
  for (const group of plan.groups) await Promise.all(group.map(call));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
