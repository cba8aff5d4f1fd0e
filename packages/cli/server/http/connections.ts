import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Variants } from '../variants/index.js';

/** connections-idle-close: how long a keep-alive connection may lie idle before the server closes it. */
export const IDLE_CLOSE_MS = 150;

/**
 * Gives `server` the connection shape its variants choose (server/variants/connections.ts); the default
 * keeps Node's: connections kept alive 5 s, announced by `Keep-Alive: timeout=5`.
 */
export function shapeConnections(server: Server, variants: Variants): void {
  if (variants.has('connections-close-every-answer')) {
    server.prependListener('request', (_request, response: ServerResponse) => response.setHeader('connection', 'close'));
  }
  if (variants.has('connections-close-after-answer')) {
    // Ended once the answer has left, without a word: Node would otherwise keep the connection alive.
    server.prependListener('request', (request, response: ServerResponse) => response.on('finish', () => request.socket.destroySoon()));
  }
  if (variants.has('connections-idle-close')) {
    // Node's own idle timeout announces itself (Keep-Alive: timeout=N); turned off, the server keeps its own.
    server.keepAliveTimeout = 0;
    const idle = new WeakMap<Socket, NodeJS.Timeout>();
    server.prependListener('request', (request, response: ServerResponse) => {
      const socket = request.socket;
      clearTimeout(idle.get(socket));
      response.on('finish', () => idle.set(socket, setTimeout(() => socket.destroy(), IDLE_CLOSE_MS).unref()));
    });
  }
}
