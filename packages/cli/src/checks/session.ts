import { HarWriter } from '../har/har.js';
import { runDispatcher } from './dispatcher-module.js';
import { HttpClient } from '../http/index.js';
import { startReceiver, type WebhookReceiver } from '../webhooks/index.js';
import { openRunChannel } from './run-channel.js';
import { forgetCheckIds } from './meta.js';
import { Scheduler } from './scheduler.js';
import type { CreatedRecord, RunConfig } from './types.js';
import { profileClientOptions } from './profile-client.js';
import { windowName } from './windows.js';
import type { RecordedExchange } from '../http/index.js';
import type { TokenName } from '../profile/index.js';

// A rate-limit window counts one minute at most: two are kept, for clocks that disagree.
const SENT_LOG_MS = 120_000;
const tokenNames: readonly TokenName[] = ['primary', 'sameMerchantOtherChannel', 'otherMerchant', 'expired', 'inactiveChannel'];

const MINUTE_MS = 60_000;

/** How long one request may wait for the rate limit unless the profile or `--max-wait` say otherwise: two windows. */
export const DEFAULT_MAX_WAIT_MS = 120_000;

/** What every check of one run shares: the HTTP client (and so its pacing state), the scheduler, the id counter, the webhook receiver. */
export interface RunSession {
  http: HttpClient;
  /** Decides when each check starts (src/checks/scheduler.ts). */
  scheduler: Scheduler;
  /** Tells the runner a check started (progress). */
  started(id: string): void;
  /** The premise `key`, made once per run by the first asking check (`checkId`); rejects, naming its maker, when making it failed. */
  shared(key: string, checkId: string, make: () => Promise<unknown>): Promise<unknown>;
  /** Work to do when the run ends (removing shared premises). */
  atRunEnd(task: () => Promise<unknown>): void;
  /** Waits until no other check holds `name`, then holds it until the function it resolves to is called (first come, first served). */
  hold(name: string): Promise<() => void>;
  /** Notes when requests of `token` on `api` went on the wire. */
  logSent(api: 'v1' | 'v2', token: TokenName, exchanges: readonly RecordedExchange[]): void;
  /** How many requests of `token` (or of every token of its window) went on `api` since `since` (epoch ms). */
  sentSince(api: 'v1' | 'v2', token: TokenName, since: number, scope: 'token' | 'window'): number;
  /** Notes the run's exchanges that may have changed records: every method but GET and HEAD, answered 2xx or not at all. */
  logWrites(exchanges: readonly RecordedExchange[]): void;
  /**
   * How many of the run's writes to `collection` (`/orders`: the path and below, either version) as
   * `merchant` (the primary's, or tokens.otherMerchant's) were on the wire at some time in [`from`, `to`] (epoch ms).
   */
  writesDuring(collection: string, from: number, to: number, merchant: 'primary' | 'otherMerchant'): number;
  /** Does the run-end work, even once halted, every task however another ends; tells the runner how many requests it sent. */
  finish(): Promise<void>;
  nextId(): number;
  /** Tells the runner of a record a check created, at once. */
  noteCreated(record: CreatedRecord): void;
  /** The run's receiver where the profile's `webhooks` point, started on first use; undefined without `webhooks`. */
  webhooks(): Promise<WebhookReceiver | undefined>;
}

// Kept on globalThis rather than in module scope, so the one client survives however the
// runner loads modules between suite files.
const sessions = ((globalThis as { __mfcSessions?: Map<string, RunSession> }).__mfcSessions ??= new Map());

/** The path of `url` after its version's base (`/orders/7` of …/merchant_api/v2/orders/7), or undefined outside both. */
function versionPath(url: string): string | undefined {
  const path = new URL(url).pathname;
  const base = /\/merchant_api\/v[12](?=\/)/.exec(path);
  return base === null ? undefined : path.slice(base.index + base[0].length);
}

/** The session of the run `run.marker` names, created on first use. */
export function runSession(run: RunConfig): RunSession {
  let session = sessions.get(run.marker);
  if (!session) {
    let counter = 0;
    let receiver: Promise<WebhookReceiver> | undefined;
    const settings = run.profile.webhooks;
    // The runner hears of every rate-limit wait (progress lines) and of the bound giving up; it
    // halts the client when the run is interrupted or stopped.
    const channel = openRunChannel(run.marker, (message) => {
      if (message.kind !== 'halt') return;
      scheduler.stop(message.reason);
      http.halt(message.reason);
    });
    const dispatcher = runDispatcher(run);
    // Entries are added in the order the exchanges end, once the file is open.
    // `mfc run` found the file writable before the run; one that fails later loses the HAR, not the run.
    const har = run.har === undefined ? undefined : HarWriter.open(run.har.file, run.har.version, `mfc run ${run.marker}`).catch(() => undefined);
    const http = new HttpClient({
      ...profileClientOptions(run.profile),
      ...(dispatcher === undefined ? {} : { dispatcher }),
      requestTimeoutMs: run.requestTimeoutMs,
      ...(run.profile.rateLimit?.perMinute === undefined ? {} : { perMinute: run.profile.rateLimit.perMinute }),
      ...(run.share === undefined ? {} : { share: run.share }),
      maxWaitMs: run.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
      ...(har === undefined ? {} : { onExchanges: (exchanges) => void har.then((writer) => { for (const exchange of exchanges) writer?.add(exchange); }) }),
      onWait: (waitMs, reason) => channel.post({ kind: 'wait', waitMs, reason }),
      onGiveUp: (reason) => {
        http.halt(`the rate limit: ${reason}`);
        channel.post({ kind: 'give-up', reason });
      },
    });
    http.pacer.takeOver(run.pacedBefore ?? []);
    const scheduler = new Scheduler({
      concurrency: run.concurrency,
      room: {
        room: (window) => http.pacer.room(window),
        msUntilRoom: () => MINUTE_MS - (Date.now() % MINUTE_MS) + 250,
      },
    });
    const shared = new Map<string, Promise<unknown>>();
    // Per name, the moment the last check that asked for it lets go.
    const holds = new Map<string, Promise<void>>();
    // Send times per version and token over the last two minutes (what a rate-limit window can count).
    const sent = new Map<string, number[]>();
    const atRunEnd: Array<() => Promise<unknown>> = [];
    // The run's writes: the version-relative path, the time on the wire and the rate-limit window (which
    // names the merchant), kept for the whole run (a run makes some hundreds), so a walk long paced by
    // the rate limit still sees all of its own.
    const writes: Array<{ path: string; from: number; to: number; window: string | undefined }> = [];
    const made: RunSession = {
      http,
      scheduler,
      shared: (key, checkId, make) => {
        let premise = shared.get(key);
        if (premise === undefined) {
          premise = make().catch((cause: unknown) => {
            throw Object.assign(new Error(`shared premise ${key} failed`, { cause }), { maker: checkId });
          });
          // The asking checks handle the rejection; an unasked one must not surface as unhandled.
          premise.catch(() => undefined);
          shared.set(key, premise);
        }
        return premise;
      },
      atRunEnd: (task) => {
        atRunEnd.push(task);
      },
      hold: async (name) => {
        const before = holds.get(name) ?? Promise.resolve();
        let release!: () => void;
        const mine = new Promise<void>((resolve) => (release = resolve));
        holds.set(name, before.then(() => mine));
        await before;
        return release;
      },
      logSent: (api, client, exchanges) => {
        for (const exchange of exchanges) {
          // The token the request carried: its window's label names it, except the v2 merchant
          // window, which the client's own token then names (a request may carry another token).
          const labelled = exchange.window?.slice(api.length + 1);
          const token = labelled === 'merchant' ? client : tokenNames.find((name) => name === labelled);
          if (token === undefined || exchange.startedAt === undefined) continue;
          const key = `${api} ${token}`;
          sent.set(key, [...(sent.get(key) ?? []).filter((at) => at > Date.now() - SENT_LOG_MS), exchange.startedAt]);
        }
      },
      sentSince: (api, token, since, scope) => {
        const tokens = scope === 'token' ? [token] : tokenNames.filter((other) => windowName(api, other) === windowName(api, token));
        return tokens.reduce((sum, name) => sum + (sent.get(`${api} ${name}`) ?? []).filter((at) => at >= since).length, 0);
      },
      logWrites: (exchanges) => {
        for (const exchange of exchanges) {
          if (exchange.method === 'GET' || exchange.method === 'HEAD') continue;
          // A refusal changes nothing (§7); a write left without an answer may have.
          if (exchange.status !== null && (exchange.status < 200 || exchange.status >= 300)) continue;
          const path = versionPath(exchange.url);
          // Not on the wire (refused before sending): it changed nothing.
          if (path === undefined || exchange.startedAt === undefined) continue;
          writes.push({ path, from: exchange.startedAt, to: exchange.startedAt + exchange.durationMs, window: exchange.window });
        }
      },
      writesDuring: (collection, from, to, merchant) =>
        writes.filter((write) => (write.path === collection || write.path.startsWith(`${collection}/`))
          && write.from <= to && write.to >= from
          // Without a window label the merchant is not known: the write counts for both.
          && (write.window === undefined || write.window.endsWith(' otherMerchant') === (merchant === 'otherMerchant'))).length,
      finish: async () => {
        const before = http.requestCount;
        for (const task of atRunEnd.reverse()) await http.afterHalt(task).catch(() => undefined);
        // Closed before the worker ends, so no delivery is being read when the thread goes.
        if (receiver) await (await receiver).close();
        // The run's requests per window and minute, told once at the end rather than with every check.
        channel.post({ kind: 'finished', requests: http.requestCount - before, traffic: http.pacer.traffic() });
        // The worker may go on to the next run of a batch: nothing of this one stays open or kept.
        sessions.delete(run.marker);
        forgetCheckIds(run.marker);
        await http.close();
        await dispatcher?.close();
        await (await har)?.close();
      },
      started: (id) => channel.post({ kind: 'started', id }),
      nextId: () => (counter += 1),
      noteCreated: (record: CreatedRecord) => channel.post({ kind: 'created', record }),
      // Started once and left open for the whole run: a delivery may arrive during a later check,
      // and the worker process ends with the run.
      webhooks: async () => {
        if (!settings) return undefined;
        receiver ??= startReceiver({
          host: settings.host,
          port: settings.port,
          paths: { v1: settings.v1Path, v2: settings.v2Path },
          // Every key of the profile, the signing token first: a call keyed with the channel's oldest
          // token is acknowledged even when the profile does not name it; which key signed it is the
          // signature checks' judgement (suites/support/webhook-signature.ts), not the receiver's.
          tokens: [...new Set([settings.signingToken, ...Object.values(run.profile.tokens)].filter((token): token is string => token !== undefined))],
        });
        return receiver;
      },
    };
    session = made;
    sessions.set(run.marker, session);
  }
  return session;
}
