import { createServer } from 'node:net';
import { threadId } from 'node:worker_threads';

// Below Linux's ephemeral range (32768–60999) and above the ports services usually claim: a port
// released here is not handed at once to an outgoing connection, as a port-0 one is while many
// loopback connections open (the fault matrix runs fourteen conformance runs at a time).
const FIRST_PORT = 20_000;
const PORTS = 12_000;
const ATTEMPTS = 50;

// The ports this thread handed out: a few hundred in a whole test run. Another thread (vitest runs
// the fault matrix and the variants in two) keeps its own, and may hand out a port this one handed
// out and has not bound yet (a run's webhook receiver binds on first use, seconds later): so each
// thread draws from its own slice of the range, by process and thread.
const handedOut = new Set<number>();
const SLICES = 6;
const SLICE_PORTS = PORTS / SLICES;
const sliceStart = FIRST_PORT + ((process.pid * 7 + threadId) % SLICES) * SLICE_PORTS;

function tryListen(port: number, host: string): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * A loopback port that was free a moment ago: a random one of this thread's slice, outside the
 * ephemeral range, bound and released. Used where a port must be known before the listener starts
 * (the reference server needs the webhook receiver's URL).
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = sliceStart + Math.floor(Math.random() * SLICE_PORTS);
    // Free a moment ago is not enough: a port this thread handed out may not be bound yet (the fault
    // matrix asks for many at a time and binds each when its run starts), so none is handed out twice.
    if (handedOut.has(port)) continue;
    if (await tryListen(port, host)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port on ${host} among ${ATTEMPTS} tried in ${sliceStart}–${sliceStart + SLICE_PORTS - 1}`);
}
