import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TargetProfile } from '../src/profile/types.js';
import { createRequestListener } from './app.js';
import type { Clock, ServerState } from './context.js';
import { unknownFaults } from './faults/index.js';
import { Faults } from './faults/set.js';
import { buildProfile } from './profile.js';
import { seedIds, seedStore } from './seed.js';
import { createWebhookDispatcher } from './webhooks/index.js';

export { faults } from './faults/index.js';
export type { FaultDefinition } from './faults/index.js';

/** How to start the reference server (docs/ARCHITECTURE.md "server/"). */
export interface ServerOptions {
  host?: string;
  port?: number;
  faults?: string[];
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
  /** The server's clock (epoch ms); tests move it across minute boundaries. Default `Date.now`. */
  now?: () => number;
}

/** A started server: where it listens, the profile that targets it, and how to stop it. */
export interface RunningServer {
  url: string;
  port: number;
  profile: TargetProfile;
  close(): Promise<void>;
}

/** An unknown fault name passed to `startServer`. */
export class UnknownFaultError extends Error {
  override name = 'UnknownFaultError';
}

/** Starts the reference implementation with a fresh seed; resolves once it listens. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const faultNames = options.faults ?? [];
  const unknown = unknownFaults(faultNames);
  if (unknown.length > 0) throw new UnknownFaultError(`unknown fault: ${unknown.join(', ')} (mfc serve --fault list shows them)`);
  const faults = new Faults(faultNames);
  const rateLimit = options.rateLimit ?? 100;
  const timeScale = options.webhookTimeScale ?? 1;
  const clock: Clock = { now: options.now ?? Date.now };
  const dispatcher = createWebhookDispatcher({
    v1Url: options.webhookV1Url,
    v2Url: options.webhookV2Url,
    signingToken: seedIds.tokens.signing,
    newestToken: seedIds.tokens.primary,
    timeScale,
    answerTimeoutMs: options.webhookAnswerTimeoutMs,
    faults: faults.names(),
  });
  const state: ServerState = { store: seedStore(options.batchTracking ?? true), faults, clock, rateLimit, emit: (event) => dispatcher.emit(event) };
  const server = createServer(createRequestListener(state));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    profile: buildProfile(url, rateLimit, options.batchTracking ?? true, { v1Url: options.webhookV1Url, v2Url: options.webhookV2Url, timeScale }),
    close: async () => {
      await dispatcher.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
