// A real deployment posts to the URLs registered with the provider (§6), which reach the run's
// receiver through a tunnel or a reverse proxy: the profile keeps those public URLs apart from the
// address the receiver listens on. Here the reference server delivers to a small reverse proxy that
// forwards to the run's receiver under other paths, and every webhook check passes through it; a
// proxy that re-encodes the body breaks every signature, which is why it must pass the raw bytes.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetProfile } from '../../packages/cli/src/profile/index.js';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';

interface ReverseProxy {
  url: string;
  /** The public paths of the calls it forwarded, in order. */
  forwarded: string[];
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of the receiver at `port`: each public path in `routes` is forwarded to
 * its local path with the headers and (unless `reencode`) the raw body unchanged, and the answer comes
 * back as given. A connection the receiver closes unanswered is closed to the sender too, and a sender
 * that gives up closes the forwarded call, as a proxy in front of a real receiver would.
 */
async function startReverseProxy(port: number, routes: Record<string, string>, options: { reencode?: boolean } = {}): Promise<ReverseProxy> {
  const forwarded: string[] = [];
  const server = createServer((incoming, outgoing) => {
    const path = routes[incoming.url ?? ''];
    if (path === undefined) {
      outgoing.writeHead(404).end();
      return;
    }
    forwarded.push(incoming.url!);
    const send = (headers: IncomingHttpHeaders) => {
      const upstream = httpRequest({ host: '127.0.0.1', port, method: incoming.method, path, headers, agent: false });
      upstream.on('response', (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.on('error', () => incoming.socket.destroy());
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) upstream.destroy();
      });
      return upstream;
    };
    if (!options.reencode) {
      incoming.pipe(send(incoming.headers));
      return;
    }
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      // What a proxy that parses and re-serialises JSON sends: the same data, other bytes.
      const body = Buffer.from(JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')), null, 2));
      send({ ...incoming.headers, 'content-length': String(body.length) }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** The reference server delivering to a proxy in front of the run's receiver, and the profile saying so. */
async function behindProxy(options: { reencode?: boolean } = {}): Promise<{ server: RunningServer; proxy: ReverseProxy; profile: TargetProfile }> {
  const receiverPort = await freePort();
  const proxy = await startReverseProxy(receiverPort, { '/public/hooks/v1': '/webhooks/v1', '/public/hooks/v2': '/webhooks/v2' }, options);
  const publicV1Url = `${proxy.url}/public/hooks/v1`;
  const publicV2Url = `${proxy.url}/public/hooks/v2`;
  const server = await startServer({ rateLimit: 10_000, webhookV1Url: publicV1Url, webhookV2Url: publicV2Url, webhookTimeScale: 0.0002 });
  // The server's profile names the URLs it delivers to; the run listens where the proxy forwards.
  const webhooks = { ...server.profile.webhooks!, host: '127.0.0.1', port: receiverPort, v1Path: '/webhooks/v1', v2Path: '/webhooks/v2', publicV1Url, publicV2Url };
  return { server, proxy, profile: { ...server.profile, webhooks } };
}

describe('webhook checks through a reverse proxy', () => {
  let setUp: Awaited<ReturnType<typeof behindProxy>>;
  beforeAll(async () => {
    setUp = await behindProxy();
  });
  afterAll(async () => {
    await setUp.server.close();
    await setUp.proxy.close();
  });

  it('passes every webhook check with the calls registered at the public URLs and received at v1Path and v2Path', async () => {
    const run = await runChecks({ profile: setUp.profile, only: 'v1.webhooks.*,v2.webhooks.*' });
    const notPassed = run.report.checks.filter((check) => check.status !== 'passed').map((check) => [check.id, check.status, check.message]);
    expect(notPassed).toEqual([]);
    expect(run.report.checks.length).toBeGreaterThanOrEqual(17);
    expect(new Set(setUp.proxy.forwarded)).toEqual(new Set(['/public/hooks/v1', '/public/hooks/v2']));
  }, 120_000);
});

describe('a reverse proxy that re-encodes the body', () => {
  it('breaks every signature: the proxy must pass the raw body unchanged', async () => {
    const { server, proxy, profile } = await behindProxy({ reencode: true });
    try {
      const run = await runChecks({ profile, only: '*.webhooks.signature' });
      const byId = Object.fromEntries(run.report.checks.map((check) => [check.id, check]));
      for (const id of ['v1.webhooks.signature', 'v2.webhooks.signature']) {
        expect(byId[id]?.status).toBe('failed');
        expect(byId[id]?.message).toMatch(/verifies with no key of the profile, webhooks\.signingToken included: the digest is not of these bytes/);
      }
    } finally {
      await server.close();
      await proxy.close();
    }
  }, 60_000);
});
