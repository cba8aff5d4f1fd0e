import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768–60999) and above the ports services usually claim: a port
// released here is not handed at once to an outgoing connection, as a port-0 one is while many
// loopback connections open (the fault matrix runs fourteen conformance runs at a time).
const FIRST_PORT = 20_000;
const PORTS = 12_000;
const ATTEMPTS = 50;

// The ports this process (its thread) handed out: a few hundred in a whole test run, of 12 000.
const handedOut = new Set<number>();

function tryListen(port: number, host: string): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * A loopback port that was free a moment ago: a random one outside the ephemeral range, bound and
 * released. Used where a port must be known before the listener starts (the reference server needs
 * the webhook receiver's URL).
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORTS);
    // Free a moment ago is not enough: a port this process handed out may not be bound yet (the fault
    // matrix asks for eight at a time and binds each when its run starts), so none is handed out twice.
    if (handedOut.has(port)) continue;
    if (await tryListen(port, host)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port on ${host} among ${ATTEMPTS} tried in ${FIRST_PORT}–${FIRST_PORT + PORTS - 1}`);
}
