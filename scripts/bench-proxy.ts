// The forwarding overhead of `mfc proxy` (issue 40): the same read sent straight to the reference
// server and through the proxy, interleaved over kept-alive connections, and the latency the proxy
// adds per request at the median and the 99th percentile. `npm run bench` prints it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { startServer } from '../packages/cli/server/index.js';
import { startProxy } from '../packages/cli/src/proxy/index.js';

/** Latencies in ms, direct and through the proxy, and what the proxy adds at the median and p99. */
export interface ProxyOverhead {
  requests: number;
  direct: { median: number; p99: number };
  proxied: { median: number; p99: number };
  added: { median: number; p99: number };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Sends `requests` reads each way (after a warm-up), alternating direct and proxied. */
export async function measureProxyOverhead(requests = 500): Promise<ProxyOverhead> {
  const server = await startServer({ port: 0, rateLimit: 1_000_000 });
  const reportDir = await mkdtemp(join(tmpdir(), 'mfc-bench-proxy-'));
  const proxy = await startProxy({ profile: server.profile, reportDir, print: () => {}, version: 'bench' });
  const direct = new Pool(server.url, { connections: 1 });
  const proxied = new Pool(proxy.url, { connections: 1 });
  const headers = { authorization: `Bearer ${server.profile.tokens.primary}` };
  const path = '/merchant_api/v2/orders?limit=20';
  const time = async (pool: Pool): Promise<number> => {
    const started = performance.now();
    const answer = await pool.request({ method: 'GET', path, headers });
    await answer.body.arrayBuffer();
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < 50; i += 1) await Promise.all([time(direct), time(proxied)]);
    const times = { direct: [] as number[], proxied: [] as number[] };
    for (let i = 0; i < requests; i += 1) {
      // Alternating which goes first, so neither always meets a warmer machine.
      if (i % 2 === 0) {
        times.direct.push(await time(direct));
        times.proxied.push(await time(proxied));
      } else {
        times.proxied.push(await time(proxied));
        times.direct.push(await time(direct));
      }
    }
    const of = (values: number[]) => ({ median: quantile(values, 0.5), p99: quantile(values, 0.99) });
    const d = of(times.direct);
    const p = of(times.proxied);
    return { requests, direct: d, proxied: p, added: { median: p.median - d.median, p99: p.p99 - d.p99 } };
  } finally {
    await Promise.all([direct.close(), proxied.close()]);
    await proxy.stop('bench over');
    await server.close();
    await rm(reportDir, { recursive: true, force: true });
  }
}

// Run alone: `node --conditions=mfc-source --import tsx scripts/bench-proxy.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await measureProxyOverhead(), null, 2)}\n`);
}
