// Connections the server closes (issue 37): a read that finds its kept-alive connection closed is sent
// once more on a new connection; a write never goes out on a connection that lay idle, so it is never
// sent twice; what still gets no answer is a NetworkError saying the connection closed. Real HTTP on
// loopback: the server here closes a connection the moment a second request arrives on it, unread,
// which is what a deployment's idle close looks like when it meets a request on the way.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTransport, type Transport } from '../../packages/api/src/http/transport.js';
import { NetworkError } from '../../packages/api/src/http/errors.js';

/** What the server saw of each request it read: method, path, which connection (by number) and its Connection header. */
interface Seen {
  method: string;
  path: string;
  connection: number;
  connectionHeader: string | undefined;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let connections = 0;
let transport: Transport;
let closedUnread = 0;

/** The server closes a connection unread when a request arrives on it after an earlier one, or when the path says so. */
function listen(): Promise<void> {
  const numbers = new WeakMap<Socket, number>();
  const served = new WeakMap<Socket, number>();
  server = createServer((request: IncomingMessage, response) => {
    const socket = request.socket;
    const count = (served.get(socket) ?? 0) + 1;
    served.set(socket, count);
    if (count > 1 || request.url?.includes('close-always')) {
      closedUnread += 1;
      socket.destroy();
      return;
    }
    request.resume();
    request.on('end', () => {
      seen.push({ method: request.method!, path: request.url!, connection: numbers.get(socket)!, connectionHeader: request.headers.connection });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.on('connection', (socket) => numbers.set(socket, (connections += 1)));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resolve();
  }));
}

beforeAll(listen);
afterAll(() => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
}));
afterEach(async () => {
  await transport.close?.();
  seen.length = 0;
  closedUnread = 0;
});

/**
 * Sends one request once the previous one's connection is back in the pool: undici frees it a tick
 * after the answer's body ends (an immediate runs after that), and takes a busy one's place with a new
 * connection, which would spare the request the closed connection this test is about.
 */
async function send(method: string, path: string) {
  await new Promise((resolve) => setImmediate(resolve));
  return transport.send({ method, url: `${base}${path}`, ...(method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }) });
}

describe('a kept-alive connection the server closed', () => {
  it('a read that finds it closed is sent once more, on a new connection, and answered', async () => {
    transport = createTransport({ redact: (text) => text });
    expect((await send('GET', '/first')).status).toBe(200);
    // The second read goes out on the first's connection, which the server closes unread.
    const answer = await send('GET', '/second');
    expect(answer.status).toBe(200);
    expect(closedUnread).toBe(1);
    expect(seen.map((request) => request.path)).toEqual(['/first', '/second']);
    expect(seen[1]!.connection).not.toBe(seen[0]!.connection);
  });

  it('a write goes out on a connection of its own, closed after its answer: never on a reused one, never twice', async () => {
    transport = createTransport({ redact: (text) => text });
    expect((await send('GET', '/read')).status).toBe(200);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect((await send(method, `/write-${method}`)).status).toBe(200);
    expect(seen.map((request) => [request.method, request.connectionHeader])).toEqual([
      ['GET', 'keep-alive'], ['POST', 'close'], ['PUT', 'close'], ['PATCH', 'close'], ['DELETE', 'close'],
    ]);
    expect(new Set(seen.map((request) => request.connection)).size).toBe(5);
    expect(closedUnread).toBe(0);
  });

  it('a write whose own connection is closed before an answer is not sent again: a NetworkError says the connection closed', async () => {
    transport = createTransport({ redact: (text) => text });
    const before = connections;
    const error = await send('POST', '/close-always').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ connectionClosed: true, reason: 'connection closed before an answer' });
    expect(connections - before).toBe(1);
  });

  it('a read closed again on its new connection gives up after that one resend', async () => {
    transport = createTransport({ redact: (text) => text });
    const before = connections;
    const error = await send('GET', '/close-always').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'NetworkError', connectionClosed: true });
    expect(connections - before).toBe(2);
  });

  it('a refused connection is not a closed one', async () => {
    transport = createTransport({ redact: (text) => text });
    const closed = await new Promise<string>((resolve) => {
      const spare = createServer();
      spare.listen(0, '127.0.0.1', () => {
        const url = `http://127.0.0.1:${(spare.address() as AddressInfo).port}`;
        spare.close(() => resolve(url));
      });
    });
    const error = await transport.send({ method: 'GET', url: `${closed}/x` }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'NetworkError', connectionClosed: false, reason: expect.stringMatching(/^connection refused at /) });
  });
});
