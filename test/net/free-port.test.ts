// freePort hands out ports a listener can take at once, outside the ephemeral range that outgoing
// connections draw from, and different ones to callers asking at the same time.
import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../packages/cli/src/net/free-port.js';

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
    // Every draw lands on the port already handed out, until the last.
    const draws = [...Array(10).fill((first - 20_000 + 0.5) / 12_000), (first + 1 - 20_000 + 0.5) / 12_000];
    const random = vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
    try {
      expect(await freePort()).toBe(first + 1);
    } finally {
      random.mockRestore();
    }
  });

  it('skips a port that is taken', async () => {
    const taken = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(taken, '127.0.0.1', resolve));
    // The first draw lands on the taken port, the second one past it.
    const draws = [(taken - 20_000 + 0.5) / 12_000, (taken + 1 - 20_000 + 0.5) / 12_000];
    const random = vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
    try {
      expect(await freePort()).toBe(taken + 1);
    } finally {
      random.mockRestore();
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});
