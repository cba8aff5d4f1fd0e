import { connect } from 'node:net';
import type { variants as connections } from '../../../packages/cli/server/variants/connections.js';
import type { ProbeContext } from '../../faults/probe.js';
import type { VariantCases } from './types.js';

// Longer than the idle close (150 ms), shorter than Node's default keep-alive (5 s), with room for a
// busy machine on both sides.
const CLOSE_WAIT_MS = 2_500;

/**
 * One read on a keep-alive connection: its Connection and Keep-Alive answer headers, and whether the
 * server closed the connection within CLOSE_WAIT_MS of the answer while the client sent nothing more.
 */
function keepAliveRead(t: ProbeContext): Promise<[string | undefined, string | undefined, boolean]> {
  return new Promise((resolve, reject) => {
    const socket = connect(t.server.port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let answered: [string | undefined, string | undefined] | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      if (answered === undefined) reject(new Error(`no whole answer: ${received.toString('latin1').slice(0, 300)}`));
      else resolve([...answered, closed]);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (answered !== undefined || end < 0) return;
      const headers = new Map(received.subarray(0, end).toString('latin1').split('\r\n').slice(1).map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
      }));
      if (received.length - end - 4 < Number(headers.get('content-length') ?? 0)) return;
      answered = [headers.get('connection'), headers.get('keep-alive')];
      timer = setTimeout(() => finish(false), CLOSE_WAIT_MS);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.write(`GET /merchant_api/v1/warehouses HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.server.profile.tokens.primary}\r\n\r\n`);
  });
}

/** The connection variants: how a keep-alive read's connection is answered and whether it is closed. */
export const connectionCases = {
  'connections-close-every-answer': {
    probe: keepAliveRead,
    conforming: ['keep-alive', 'timeout=5', false],
    variant: ['close', undefined, true],
  },
  'connections-close-after-answer': {
    probe: keepAliveRead,
    conforming: ['keep-alive', 'timeout=5', false],
    // Announced as kept alive (Node's default hint) and closed all the same.
    variant: ['keep-alive', 'timeout=5', true],
  },
  'connections-idle-close': {
    probe: keepAliveRead,
    conforming: ['keep-alive', 'timeout=5', false],
    variant: ['keep-alive', undefined, true],
  },
} satisfies VariantCases<typeof connections>;
