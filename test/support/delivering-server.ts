import { startServer, type RunningServer, type ServerOptions } from '../../packages/cli/server/index.js';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import { ANSWER_GRACE_MS, ANSWER_LIMIT_MS } from './answer-grace.js';

/**
 * The reference server (from the sources) delivering its v1 and v2 webhooks to a free loopback port,
 * which its profile's `webhooks` names for the run's receiver, with retry waits scaled down so retry
 * checks take seconds, and the tests' answer grace (answer-grace.ts); a high rate limit unless `options` set one.
 */
export async function startDeliveringServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    rateLimit: 10_000,
    webhookV1Url: `http://127.0.0.1:${port}/webhooks/v1`,
    webhookV2Url: `http://127.0.0.1:${port}/webhooks/v2`,
    webhookTimeScale: 0.0002,
    webhookAnswerTimeoutMs: ANSWER_LIMIT_MS,
    webhookAnswerGraceMs: ANSWER_GRACE_MS,
    ...options,
  });
}
