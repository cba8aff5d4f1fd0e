import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TargetProfile } from '../src/profile/types.js';
import { createListeners } from './app.js';
import { shapeConnections } from './http/connections.js';
import type { Clock, ServerState } from './context.js';
import { isFaultName, unknownFaults } from './faults/index.js';
import { buildProfile } from './profile.js';
import { ListIndex } from './list-index.js';
import { seedIds, seedStore } from './seed.js';
import { seedLargeMerchant } from './seed-large.js';
import { wireBody } from './render/wire.js';
import { clockBehindMs } from './traffic.js';
import { Switches } from './switches.js';
import { conflictingVariants, isVariantName, unknownVariants } from './variants/index.js';
import { returnEvents } from './webhooks/return-events.js';
import { createWebhookDispatcher } from './webhooks/index.js';

export { faults } from './faults/index.js';
export type { FaultDefinition, FaultName, Faults } from './faults/index.js';
export { combinedVariants, variants } from './variants/index.js';
export type { VariantDefinition, VariantName, Variants } from './variants/index.js';

/** How to start the reference server (docs/ARCHITECTURE.md "server/"). */
export interface ServerOptions {
  host?: string;
  port?: number;
  faults?: string[];
  /** Legal alternatives to switch on (`mfc serve --variant list`); they combine with each other and with faults. */
  variants?: string[];
  /** Requests per calendar minute, v1 per sales channel and v2 per merchant (§8); default 100. */
  rateLimit?: number;
  webhookV1Url?: string;
  webhookV2Url?: string;
  /** Multiplies webhook retry intervals (tests use e.g. 0.001); default 1. */
  webhookTimeScale?: number;
  /** How long a webhook receiver may take to answer; default 5000 ms (§6.3). */
  webhookAnswerTimeoutMs?: number;
  /** false seeds the primary merchant without batch tracking (profile features.batchTracking false); default true. */
  batchTracking?: boolean;
  /** false: the primary merchant is not enrolled in batch expiry handling (profile features.expiryHandling false); default true. */
  expiryHandling?: boolean;
  /** The server's clock (epoch ms); tests move it across minute boundaries. Default `Date.now`. */
  now?: () => number;
}

/** A started server: where it listens, the profile that targets it, and how to stop it. */
export interface RunningServer {
  url: string;
  port: number;
  profile: TargetProfile;
  /** The API's request listener, for serving it without a socket (the project's tests: test/support/in-process-target.ts). */
  listener: RequestListener;
  /** Resolves once every webhook call emitted so far is made, with its retries and duplicates, or given up: what a test awaits instead of a sleep. */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
}

/** An unknown fault name passed to `startServer`. */
export class UnknownFaultError extends Error {
  override name = 'UnknownFaultError';
}

/** An unknown variant name, or two alternatives of one group, passed to `startServer`. */
export class UnknownVariantError extends Error {
  override name = 'UnknownVariantError';
}

/** Starts the reference implementation with a fresh seed; resolves once it listens. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const faultNames = options.faults ?? [];
  const unknown = unknownFaults(faultNames);
  if (unknown.length > 0) throw new UnknownFaultError(`unknown fault: ${unknown.join(', ')} (mfc serve --fault list shows them)`);
  // The names were checked above; the filter keeps them all and types them as FaultName.
  const faults = new Switches(faultNames.filter(isFaultName));
  const variantNames = options.variants ?? [];
  const unknownVariant = unknownVariants(variantNames);
  if (unknownVariant.length > 0) throw new UnknownVariantError(`unknown variant: ${unknownVariant.join(', ')} (mfc serve --variant list shows them)`);
  const conflicts = conflictingVariants(variantNames);
  if (conflicts.length > 0) throw new UnknownVariantError(`variants that are alternatives to each other: ${conflicts.map((c) => c.join(' and ')).join('; ')}`);
  // As for faults: every name is known by now, and the filter types them as VariantName.
  const variants = new Switches(variantNames.filter(isVariantName));
  const rateLimit = options.rateLimit ?? 100;
  const timeScale = options.webhookTimeScale ?? 1;
  const clientClock = options.now ?? Date.now;
  const clock: Clock = { now: variants.has('traffic-clock-behind') ? () => clientClock() - clockBehindMs : clientClock };
  const dispatcher = createWebhookDispatcher({
    v1Url: options.webhookV1Url,
    v2Url: options.webhookV2Url,
    signingToken: seedIds.tokens.signing,
    newestToken: seedIds.tokens.primary,
    timeScale,
    answerTimeoutMs: options.webhookAnswerTimeoutMs,
    faults: faults.names(),
    variants: variants.names(),
    now: () => clock.now(),
    render: (body) => wireBody(variants, body),
  });
  const store = seedStore({ batchTracking: options.batchTracking ?? true, expiryHandling: options.expiryHandling ?? true, empty: variants.has('seed-empty') });
  if (variants.has('seed-large-merchant')) seedLargeMerchant(store);
  const state: ServerState = {
    store, faults, variants, clock, rateLimit,
    lists: new ListIndex(store, variants, clock),
    emit: (event) => {
      dispatcher.emit(event);
      // One return change per status change: every change the API makes has exactly one v2 event.
      if (variants.has('webhooks-extra-events') && event.api === 'v2') for (const extra of returnEvents(state)) dispatcher.emit(extra);
    },
  };
  const listeners = createListeners(state);
  // Without a Host header the request URL falls back to the address it came in on (Node would answer
  // a bare 400); an Expect other than 100-continue is ignored (Node would answer a bare 417).
  const server = createServer({ requireHostHeader: false }, listeners.request);
  server.on('checkExpectation', listeners.request);
  server.on('clientError', listeners.clientError);
  server.on('connect', listeners.connect);
  shapeConnections(server, variants);
  const host = options.host ?? '127.0.0.1';
  // No request is answered before a change it makes can be announced at once.
  await dispatcher.ready();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    listener: listeners.request,
    profile: buildProfile(url, rateLimit, options.batchTracking ?? true, { v1Url: options.webhookV1Url, v2Url: options.webhookV2Url, timeScale, ...(options.webhookAnswerTimeoutMs === undefined ? {} : { answerTimeoutMs: options.webhookAnswerTimeoutMs }) }, options.expiryHandling ?? true),
    webhooksSettled: () => dispatcher.settled(),
    close: async () => {
      await dispatcher.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
