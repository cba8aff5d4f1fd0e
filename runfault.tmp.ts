// Usage: tsx /tmp/runfault.ts FAULT[,FAULT] [only]
import { startServer } from './server/index.js';
import { freePort } from './src/net/free-port.js';
import { runChecks } from './src/runner/index.js';
const [faultArg, only] = process.argv.slice(2);
const webhookPort = await freePort();
const server = await startServer({ faults: faultArg ? faultArg.split(',') : [], rateLimit: 10_000,
  webhookV1Url: `http://127.0.0.1:${webhookPort}/webhooks/v1`, webhookV2Url: `http://127.0.0.1:${webhookPort}/webhooks/v2`, webhookTimeScale: 0.0002 });
const t0 = Date.now();
const run = await runChecks({ profile: server.profile, seed: 1, ...(only ? { only } : {}) });
const failed = run.report.checks.filter((c) => c.status === 'failed');
console.log(JSON.stringify({ fault: faultArg, ms: Date.now() - t0, requests: run.requests, failed: failed.map((c) => c.id) }));
if (process.env.SHOW) for (const c of failed) console.log(c.message.slice(0, 1500));
await server.close();
