import { freePort } from '../packages/cli/src/net/free-port.js';
const built = (p: string) => new URL(`../packages/cli/dist/${p}`, import.meta.url).href;
const { startServer } = await import(built('server/index.js'));
const { runChecks } = await import(built('src/runner/index.js'));
for (const concurrency of process.argv.slice(2).map(Number)) {
  const webhookPort = await freePort();
  const server = await startServer({ faults: [], rateLimit: 10_000, webhookV1Url: `http://127.0.0.1:${webhookPort}/webhooks/v1`, webhookV2Url: `http://127.0.0.1:${webhookPort}/webhooks/v2`, webhookTimeScale: 0.0002 });
  const t0 = performance.now(); const c0 = process.cpuUsage();
  const run = await runChecks({ profile: server.profile, seed: 20261123, runs: 1, concurrency });
  const c = process.cpuUsage(c0);
  const failed = run.report.checks.filter((x: any) => x.status === 'failed').map((x: any) => x.id);
  console.log(`concurrency ${concurrency}: wall ${Math.round(performance.now() - t0)} ms, cpu ${Math.round((c.user + c.system) / 1000)} ms, checks ${run.report.checks.length}, failed ${failed.join(',')}`);
  await server.close();
}
