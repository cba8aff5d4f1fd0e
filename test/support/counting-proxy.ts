import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that passed the proxy: when it arrived, which window it counts in (§8). */
export interface ProxiedRequest {
  at: number;
  method: string;
  /** The path and query asked for. */
  url: string;
  api: 'v1' | 'v2' | undefined;
  authorization: string;
}

/** A loopback proxy in front of a target that notes every request as the target receives it. */
export interface CountingProxy {
  url: string;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/** What a test may do with the requests passing: hold one back until something has happened, and hear each answer's status. */
export interface ProxyHooks {
  /** Forwarded once the promise it returns settles (at once when it returns undefined); `body` is the request's, read whole first. */
  holdBack?: (request: ProxiedRequest, body: string) => Promise<void> | undefined;
  onAnswer?: (request: ProxiedRequest, status: number) => void;
  /** An answer the proxy gives itself instead of forwarding (the target never sees the request), or undefined to forward. */
  answerInstead?: (request: ProxiedRequest) => { status: number; body: unknown } | undefined;
}

/** Starts a proxy that forwards every request to `targetUrl` as it is and notes its arrival (and tells `onRequest`). */
export async function startCountingProxy(targetUrl: string, onRequest: (request: ProxiedRequest) => void = () => undefined, hooks: ProxyHooks = {}): Promise<CountingProxy> {
  const target = new URL(targetUrl);
  const requests: ProxiedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const api = /^\/merchant_api\/(v[12])\//.exec(req.url ?? '')?.[1] as ProxiedRequest['api'];
    const seen = { at: Date.now(), method: req.method ?? 'GET', url: req.url ?? '/', api, authorization: req.headers.authorization ?? '' };
    requests.push(seen);
    onRequest(seen);
    const instead = hooks.answerInstead?.(seen);
    if (instead !== undefined) {
      req.resume();
      res.writeHead(instead.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(instead.body));
      return;
    }
    const forward = (body: Buffer) => {
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        hooks.onAnswer?.(seen, answer.statusCode ?? 502);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    };
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const held = hooks.holdBack?.(seen, body.toString('utf8'));
      if (held === undefined) forward(body);
      else void held.then(() => forward(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The most requests any one rate-limit window got in one calendar minute: v1 per token, v2 per version. */
export function busiestMinute(requests: ProxiedRequest[], api: 'v1' | 'v2'): number {
  const counts = new Map<string, number>();
  for (const request of requests) {
    if (request.api !== api) continue;
    const key = `${Math.floor(request.at / 60_000)} ${api === 'v1' ? request.authorization : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}
