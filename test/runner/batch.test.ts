// RunBatch: runs that share one vitest run and worker (the fault matrix's and the variants' runs), a
// few side by side, each with its own report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunBatch, runChecks } from '../../packages/cli/src/runner/index.js';
import { Turns } from '../../packages/cli/src/runner/turns.js';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import type { CheckId } from '../fault-map/check-ids.js';
import { startCountingProxy, type CountingProxy, type ProxyHooks } from '../support/counting-proxy.js';

// The one check each run selects: its single request carries no token.
const CHECK: CheckId = 'v1.auth.missing-token-401';

// Every promise callback already due has run once setImmediate's callback does.
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('lets `width` holders in at once and the others in the order they asked, one per turn given back', async () => {
    const turns = new Turns(2);
    const entered: string[] = [];
    const enter = (name: string) => turns.take().then(() => entered.push(name));
    const all = Promise.all(['a', 'b', 'c', 'd'].map(enter));
    await settled();
    expect(entered).toEqual(['a', 'b']);
    turns.give();
    await settled();
    expect(entered).toEqual(['a', 'b', 'c']);
    turns.give();
    await all;
    expect(entered).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets one in at a time when asked for none', async () => {
    const turns = new Turns(0);
    await turns.take();
    let second = false;
    const waiting = turns.take().then(() => (second = true));
    await settled();
    expect(second).toBe(false);
    turns.give();
    await waiting;
    expect(second).toBe(true);
  });
});

describe('a batch of runs', () => {
  let server: RunningServer;
  const proxies: CountingProxy[] = [];
  // Every preflight request carries a token; the check's does not.
  const checkRequest = (authorization: string) => authorization === '';
  let secondRunReached!: () => void;
  const secondRunReachedBefore = new Promise<void>((resolve) => (secondRunReached = resolve));

  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0 });
    // The first run's check waits at the proxy until the second run's check has sent its request:
    // run one after another, the first could never finish.
    const hooks: ProxyHooks[] = [
      { holdBack: (request) => (checkRequest(request.authorization) ? secondRunReachedBefore : undefined) },
      { holdBack: (request) => (checkRequest(request.authorization) ? (secondRunReached(), undefined) : undefined) },
      {},
    ];
    for (const hook of hooks) proxies.push(await startCountingProxy(server.url, () => undefined, hook));
  });
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
    await server.close();
  });

  it('runs two side by side (the third in its turn), each with its own report', async () => {
    const batch = new RunBatch(3, 2);
    const outcomes = await Promise.all(proxies.map((proxy) => runChecks({
      profile: { ...server.profile, baseUrl: proxy.url },
      only: CHECK,
      batch,
    })));
    expect(outcomes.map((outcome) => outcome.report.checks.map((check) => `${check.id} ${check.status}`))).toEqual([
      [`${CHECK} passed`], [`${CHECK} passed`], [`${CHECK} passed`],
    ]);
    expect(new Set(outcomes.map((outcome) => outcome.marker)).size).toBe(3);
    for (const proxy of proxies) expect(proxy.requests.filter((request) => checkRequest(request.authorization))).toHaveLength(1);
  }, 60_000);

  it('refuses a member beyond its size', async () => {
    const batch = new RunBatch(1);
    const run = (proxy: CountingProxy) => runChecks({ profile: { ...server.profile, baseUrl: proxy.url }, only: CHECK, batch });
    await run(proxies[2]!);
    await expect(run(proxies[2]!)).rejects.toThrow(/already holds its 1 runs/);
  }, 60_000);
});
