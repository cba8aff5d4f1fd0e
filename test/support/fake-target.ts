import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request the fake target saw. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Answers one request; `reply` sends JSON with the rate-limit headers the target is set up with. */
export type FakeRoute = (request: SeenRequest, reply: (status: number, body: unknown, headers?: Record<string, string>) => void, res: ServerResponse) => void;

/** A tiny configurable HTTP target on loopback, port 0. */
export interface FakeTarget {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Ready-made behaviours of a broken target. */
export const brokenTargets = {
  /** Accepts the connection and never answers. */
  hang: (() => undefined) as FakeRoute,
  /** Answers every request with an HTML page. */
  html: ((_request, _reply, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Maintenance</body></html>');
  }) as FakeRoute,
  /** Answers every request with 500 and a JSON error. */
  error500: ((_request, reply) => reply(500, { success: false, errors: ['internal error'] })) as FakeRoute,
};

/** Starts a fake target whose `route` answers every request; `rateLimitMax` adds X-Rate-Limit-* headers counting per minute. */
export async function startFakeTarget(route: FakeRoute, options: { rateLimitMax?: number } = {}): Promise<FakeTarget> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let minute = -1;
  let used = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      const now = Math.floor(Date.now() / 60_000);
      if (now !== minute) {
        minute = now;
        used = 0;
      }
      used += 1;
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const rate = options.rateLimitMax === undefined ? {} : { 'x-rate-limit-used': String(used), 'x-rate-limit-max': String(options.rateLimitMax) };
        res.writeHead(status, { 'content-type': 'application/json', ...rate, ...headers }).end(body === undefined ? '' : JSON.stringify(body));
      };
      route(seen, reply, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      // A hanging target holds its sockets open; they are cut so the test can end.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback URL where nothing listens: the port was just bound and released. */
export async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
