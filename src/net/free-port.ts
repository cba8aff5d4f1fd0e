import { createServer } from 'node:net';

/**
 * A loopback port that was free a moment ago: bound on port 0, then released. Used where a port
 * must be known before the listener starts (the reference server needs the webhook receiver's URL).
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error(`no free port on ${host}`);
  return address.port;
}
