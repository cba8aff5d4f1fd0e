// A full run against the conforming reference server in one setup: the proof that the suites fail
// no honest server (conforming.test.ts, variants.test.ts).
import type { RunningServer, ServerOptions } from '../../packages/cli/server/index.js';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import type { TargetProfile } from '../../packages/cli/src/profile/index.js';
import type { RunOutcome } from '../../packages/cli/src/runner/index.js';
import type { Batch } from './batches.js';
import { IN_PROCESS_DISPATCHER, serveInProcess } from '../support/in-process-target.js';
import { ANSWER_GRACE_MS, ANSWER_LIMIT_MS } from '../support/answer-grace.js';
import { runChecks, startServer } from './built.js';

/** Check ids of one run by how they ended, and the failure messages (so a red test says why). */
export interface ConformingOutcome {
  failed: string[];
  skipped: string[];
  passed: string[];
  messages: Record<string, string>;
}

/** How the run against the conforming server is made, beyond the server's own options. */
export interface ConformingRunOptions {
  /** The checks to select (`--only`); all of them when absent. */
  only?: string;
  profileChange?: (profile: TargetProfile) => TargetProfile;
  /** Looks at the server after the run, before it stops (what the run left behind). */
  afterRun?: (server: RunningServer, outcome: RunOutcome) => Promise<void>;
  /** The batch the run shares a vitest run and worker with (`RunBatch`); alone when absent. */
  batch?: Batch | undefined;
  /**
   * Requests go over loopback sockets rather than in process (test/support/in-process-target.ts); so
   * they always do to a server whose connection shape is a variant (`connections-*`).
   */
  sockets?: boolean;
}

/**
 * Starts the reference server with webhook delivery to a free port (as `npm start` does), runs the
 * checks (in process unless `run.sockets` or a connection variant asks for sockets), stops it.
 */
export async function runAgainstConforming(options: ServerOptions, run: ConformingRunOptions = {}): Promise<ConformingOutcome> {
  const { only, profileChange = (profile) => profile, afterRun, batch } = run;
  const sockets = run.sockets === true || (options.variants ?? []).some((name) => name.startsWith('connections-'));
  const webhookPort = await freePort();
  const server = await startServer({
    port: 0,
    rateLimit: 10_000,
    webhookV1Url: `http://127.0.0.1:${webhookPort}/webhooks/v1`,
    webhookV2Url: `http://127.0.0.1:${webhookPort}/webhooks/v2`,
    webhookTimeScale: 0.0002,
    webhookAnswerTimeoutMs: ANSWER_LIMIT_MS,
    webhookAnswerGraceMs: ANSWER_GRACE_MS,
    ...options,
  });
  const served = sockets ? undefined : serveInProcess(server);
  try {
    const outcome = await runChecks({
      profile: profileChange(server.profile),
      ...(only === undefined ? {} : { only }),
      ...(batch === undefined ? {} : { batch }),
      ...(sockets ? {} : { dispatcherModule: IN_PROCESS_DISPATCHER }),
    });
    await afterRun?.(server, outcome);
    const byStatus = (status: string) => outcome.report.checks.filter((check) => check.status === status).map((check) => check.id).sort();
    const messages = Object.fromEntries(outcome.report.checks.filter((check) => check.status === 'failed').map((check) => [check.id, check.message.slice(0, 2000)]));
    return { failed: byStatus('failed'), skipped: byStatus('skipped'), passed: byStatus('passed'), messages };
  } finally {
    served?.close();
    await server.close();
  }
}
