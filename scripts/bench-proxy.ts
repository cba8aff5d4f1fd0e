// The forwarding overhead of `mfc proxy` (issue 40), as an integrator meets it: the reference server
// (`mfc serve`) and the proxy (`mfc proxy`) each in a process of their own, and this process the
// application, sending the same read straight to the server and through the proxy, interleaved over
// kept-alive connections. What the proxy adds per request, at the median and the 99th percentile.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

const mfc = fileURLToPath(new URL('../packages/cli/bin/mfc.mjs', import.meta.url));

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

/** Starts `mfc ARGS` and resolves with the process once a line of `stream` matches `ready` (its first group). */
function started(args: string[], stream: 'stdout' | 'stderr', ready: RegExp): Promise<{ child: ChildProcess; match: string }> {
  const child = spawn(process.execPath, [mfc, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let text = '';
    child[stream]!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = ready.exec(text);
      if (match) resolve({ child, match: match[1]! });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`mfc ${args[0]} exited ${code} before it was ready: ${text}`)));
  });
}

/** Sends `requests` reads each way (after a warm-up), alternating direct and proxied. */
export async function measureProxyOverhead(requests = 500): Promise<ProxyOverhead> {
  const dir = await mkdtemp(join(tmpdir(), 'mfc-bench-proxy-'));
  const profileFile = join(dir, 'profile.json');
  const children: ChildProcess[] = [];
  try {
    const server = await started(['serve', '--port', '0', '--rate-limit', '1000000', '--profile-out', profileFile], 'stdout', /listening on (http:\/\/\S+)/);
    children.push(server.child);
    const proxy = await started(['proxy', '--profile', profileFile, '--report-dir', join(dir, 'reports')], 'stderr', /forwarding (http:\/\/\S+) to/);
    children.push(proxy.child);
    const token = (JSON.parse(await readFile(profileFile, 'utf8')) as { tokens: { primary: string } }).tokens.primary;
    const direct = new Pool(server.match, { connections: 1 });
    const proxied = new Pool(proxy.match, { connections: 1 });
    const headers = { authorization: `Bearer ${token}` };
    const path = '/merchant_api/v2/orders?limit=20';
    const time = async (pool: Pool): Promise<number> => {
      const begun = performance.now();
      const answer = await pool.request({ method: 'GET', path, headers });
      await answer.body.arrayBuffer();
      return performance.now() - begun;
    };
    try {
      for (let i = 0; i < 50; i += 1) await Promise.all([time(direct), time(proxied)]);
      const times = { direct: [] as number[], proxied: [] as number[] };
      for (let i = 0; i < requests; i += 1) {
        // Alternating which goes first, so neither always meets a warmer machine.
        const order: Array<[Pool, number[]]> = i % 2 === 0 ? [[direct, times.direct], [proxied, times.proxied]] : [[proxied, times.proxied], [direct, times.direct]];
        for (const [pool, list] of order) list.push(await time(pool));
      }
      const of = (values: number[]) => ({ median: quantile(values, 0.5), p99: quantile(values, 0.99) });
      const d = of(times.direct);
      const p = of(times.proxied);
      return { requests, direct: d, proxied: p, added: { median: p.median - d.median, p99: p.p99 - d.p99 } };
    } finally {
      await Promise.all([direct.close(), proxied.close()]);
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)))));
    await rm(dir, { recursive: true, force: true });
  }
}

// Run alone: `node --conditions=mfc-source --import tsx scripts/bench-proxy.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await measureProxyOverhead(), null, 2)}\n`);
}
