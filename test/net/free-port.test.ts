// freePort hands out ports a listener can take at once, outside the ephemeral range that outgoing
// connections draw from, and different ones to callers asking at the same time, in one thread or in two.
import { createServer } from 'node:net';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../packages/cli/src/net/free-port.js';

// Each thread draws from its own slice of 2 000 ports: a draw r lands on slice start + floor(r × 2 000).
const SLICE_PORTS = 2_000;
const sliceOf = (port: number) => 20_000 + Math.floor((port - 20_000) / SLICE_PORTS) * SLICE_PORTS;
const drawFor = (port: number, slice: number) => (port - slice + 0.5) / SLICE_PORTS;
// A port beside `port` in its slice.
const besides = (port: number) => (port + 1 < sliceOf(port) + SLICE_PORTS ? port + 1 : port - 1);

describe('freePort', () => {
  it('gives a port below the ephemeral range that a listener then binds', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('never hands out the same port twice, though the first caller has not bound it yet', async () => {
    const first = await freePort();
    const slice = sliceOf(first);
    // Every draw lands on the port already handed out, until the last.
    const draws = [...Array(10).fill(drawFor(first, slice)), drawFor(besides(first), slice)];
    const random = vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
    try {
      // Any port but the first: the one beside it, unless another process of the test run holds that
      // one just then (the slices are per process and thread, not per machine), and then a later draw.
      const port = await freePort();
      expect(port).not.toBe(first);
      expect(random.mock.calls.length).toBeGreaterThanOrEqual(11);
    } finally {
      random.mockRestore();
    }
  });

  it('skips a port that is taken', async () => {
    const taken = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(taken, '127.0.0.1', resolve));
    // The first draw lands on the taken port, the second one beside it.
    const slice = sliceOf(taken);
    const draws = [drawFor(taken, slice), drawFor(besides(taken), slice)];
    const random = vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
    try {
      // As above: the port beside it, or a later draw's where another process holds that one.
      const port = await freePort();
      expect(port).not.toBe(taken);
      expect(random.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      random.mockRestore();
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  // The variants once failed 19 webhook checks with EADDRINUSE: the matrix's thread had handed out the
  // port of a receiver not yet bound, and the variants' thread handed it out again.
  it('never hands out in one thread a port another thread handed out', async () => {
    const built = new URL('../../packages/cli/dist/src/net/free-port.js', import.meta.url).href;
    const code = `import { parentPort } from 'node:worker_threads'; import { freePort } from ${JSON.stringify(built)};
      const ports = []; for (let i = 0; i < 200; i++) ports.push(await freePort()); parentPort.postMessage(ports);`;
    const portsOfAThread = () => new Promise<number[]>((resolve, reject) => {
      const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
      worker.once('message', (ports: number[]) => void worker.terminate().then(() => resolve(ports)));
      worker.once('error', reject);
    });
    const [one, other] = await Promise.all([portsOfAThread(), portsOfAThread()]);
    expect([one.length, other.length]).toEqual([200, 200]);
    expect(one.filter((port) => other.includes(port))).toEqual([]);
  });
});
