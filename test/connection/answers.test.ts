// Compressed and bounded answers (issue 31): every answer is decoded before anything judges or records
// it, and one past `connection.maxAnswerBytes`, on the wire or once decoded, ends its request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, NetworkError } from '../../packages/api/src/client/index.js';
import { HttpClient, toCurl } from '../../packages/cli/src/http/index.js';
import { writeSpaces } from '../support/big-answer.js';

const MiB = 1024 * 1024;
const TOKEN = 'tok-answers-0b7c5e91d3';

const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;

describe('answers as a client reads them', () => {
  let server: Server;
  let base: string;
  const accepted: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      accepted.push(String(req.headers['accept-encoding']));
      const [, kind, encoding] = (req.url ?? '').split('/');
      if (kind === 'encoded') {
        const body = JSON.stringify({ data: [{ id: 1, echo: req.headers['x-api-key'] ?? null }], pagination: { current_page: 1, item_count: 1, page_count: 1, items_per_page: 20 } });
        const status = req.url?.includes('refused') ? 422 : 200;
        res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': encoding! });
        res.end(encoders[encoding as keyof typeof encoders](Buffer.from(status === 422 ? '{"success":false,"errors":["quantity must be at least 1"]}' : body)));
      } else if (kind === 'sized') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(3 * MiB) });
        void writeSpaces(res, 3 * MiB);
      } else if (kind === 'chunked') {
        res.writeHead(200, { 'content-type': 'application/json' });
        void writeSpaces(res, 3 * MiB);
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(Buffer.alloc(3 * MiB, 0x20)));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(Object.keys(encoders))('asks for compressed answers and judges and records a %s answer decoded, an error answer too', async (encoding) => {
    const client = new HttpClient({ secrets: [TOKEN] });
    try {
      const answer = await client.send({ method: 'GET', url: `${base}/encoded/${encoding}/merchant_api/v1/orders`, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(JSON.parse(answer.text)).toMatchObject({ data: [{ id: 1 }] });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.exchanges[0]?.responseBody).toContain('"item_count":1');
      const refused = await client.send({ method: 'POST', url: `${base}/encoded/${encoding}/refused`, body: '{}' });
      expect(refused.status).toBe(422);
      expect(refused.exchanges[0]?.responseBody).toBe('{"success":false,"errors":["quantity must be at least 1"]}');
      expect(accepted.at(-1)).toBe('gzip, deflate, br');
    } finally {
      await client.close();
    }
  });

  const bound = 1 * MiB;
  it.each([
    ['announced by its Content-Length', 'sized', 'on the wire'],
    ['sent in chunks', 'chunked', 'on the wire'],
    ['compressed, inflating past the bound', 'bomb', 'once decoded'],
  ])('ends a request whose answer is past connection.maxAnswerBytes, %s, naming the bound', async (_name, kind, where) => {
    const client = new HttpClient({ secrets: [TOKEN], connection: { maxAnswerBytes: bound } });
    try {
      const error = await client.send({ method: 'GET', url: `${base}/${kind}/merchant_api/v1/orders` }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).reason).toBe(`the answer is larger than 1 MiB ${where} (connection.maxAnswerBytes): it was not read further`);
      expect((error as NetworkError).exchanges.at(-1)?.error).toBe((error as NetworkError).reason);
    } finally {
      await client.close();
    }
  });

  it("bounds the integrators' client the same way, and sends the connection's headers (a secret one redacted, its curl line naming the variable)", async () => {
    const key = 'gateway-key-3a9d0c77e1f2';
    const client = createClient({ baseUrl: `${base}/bomb`, token: TOKEN, version: 'v1', connection: { maxAnswerBytes: bound } });
    await expect(client.GET('/orders')).rejects.toThrow(/answer is larger than 1 MiB once decoded \(connection\.maxAnswerBytes\)/);
    await client.close();
    const http = new HttpClient({ secrets: [TOKEN], connection: { headers: { 'X-Api-Key': { secret: key, replayAs: '$GATEWAY_KEY' }, 'X-Stage': 'blue' } } });
    try {
      const answer = await http.send({ method: 'GET', url: `${base}/encoded/gzip/merchant_api/v1/orders`, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(JSON.parse(answer.text).data[0].echo).toBe(key);
      const exchange = answer.exchanges[0]!;
      expect(exchange.requestHeaders['x-api-key']).toBe('[redacted]');
      expect(exchange.requestHeaders['x-stage']).toBe('blue');
      expect(exchange.responseBody).not.toContain(key);
      expect(toCurl(exchange)).toContain(`-H "x-api-key: $GATEWAY_KEY" -H 'x-stage: blue'`);
    } finally {
      await http.close();
    }
  });
});
