// The forwarding half of `mfc proxy`: a server on loopback that sends each request as it came to the
// profile's deployment and streams the answer back as it arrives, status, headers and bytes
// unchanged. It keeps a copy of each body for judging, bounded by the profile's answer bound, and
// tells its caller of each request before forwarding it and of each exchange once it has ended.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';

/** A request as the application sent it, before it is forwarded. */
export interface ForwardedRequest {
  seq: number;
  method: string;
  /** The path and query as sent (`/merchant_api/v2/orders?limit=5`). */
  target: string;
  /** Lower-case names; a repeated header joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
  /** The proxy's clock when the request arrived. */
  startedAt: number;
}

/** A forwarded request with its answer as passed on, or why none came. */
export interface ForwardedExchange extends ForwardedRequest {
  status: number | null;
  responseHeaders: Record<string, string>;
  /** The answer's bytes as they were on the wire (still encoded), up to the bound. */
  responseBody: Buffer;
  /** The proxy's clock when the answer's last byte was passed on. */
  answeredAt: number;
  /** Wall time from the request's arrival to the answer's end. */
  durationMs: number;
  /** Why no complete answer was passed on. */
  error?: string;
}

/** Where and how the forwarder listens and forwards. */
export interface ForwarderOptions {
  host: string;
  port: number;
  /** The profile's base URL: every request goes to its origin, under its path. */
  baseUrl: string;
  /** The connection's dispatcher (`connectionDispatcher`): proxy, trust, client certificate, answer bound. */
  dispatcher: Dispatcher;
  /** The connection's headers (a gateway's key), added where the request does not carry them. */
  connectionHeaders: Record<string, string>;
  /** The largest request body forwarded and the most of an answer kept for judging (the profile's answer bound). */
  maxBodyBytes: number;
  now: () => number;
  onRequest(request: ForwardedRequest): void;
  onExchange(exchange: ForwardedExchange): void;
}

/** A listening forwarder. */
export interface Forwarder {
  url: string;
  port: number;
  /** Stops accepting requests and resolves once those in flight have ended. */
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection, not to the message; `host` and
// `content-length` are written anew for the deployment's connection, and `expect: 100-continue` was
// answered here already (the whole body is read before forwarding).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : value ?? '';
}

/** Why the forwarder refuses a request it was sent, or undefined: only origin-form targets, which it sends to the profile's origin. */
function refusal(req: IncomingMessage): string | undefined {
  const target = req.url ?? '';
  if (target.startsWith('/')) return undefined;
  // An absolute-form target asks for a forward proxy to another host: this one never is.
  return `mfc proxy forwards only to the profile's deployment; a request for ${target.replace(/[?#].*$/, '')} is refused`;
}

/** Starts the forwarder; rejects when it cannot listen. */
export async function startForwarder(options: ForwarderOptions): Promise<Forwarder> {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  let seq = 0;
  const inFlight = new Set<Promise<void>>();

  const handle = (req: IncomingMessage, res: ServerResponse): Promise<void> => new Promise((resolve) => {
    const refused = refusal(req);
    if (refused !== undefined) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(`${refused}\n`);
      return resolve();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBodyBytes) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => resolve());
    // An application that gave up before its body was complete: nothing was forwarded.
    req.on('close', () => {
      if (!req.complete) resolve();
    });
    req.on('end', () => {
      if (tooLarge) {
        // The proxy never sends a body other than the one it received, so it sends none.
        res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' }).end(`mfc proxy: a request body over ${options.maxBodyBytes} bytes is not forwarded\n`);
        return resolve();
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = headerText(value);
      const request: ForwardedRequest = { seq: ++seq, method: req.method ?? 'GET', target: req.url ?? '/', headers, body: Buffer.concat(chunks), startedAt: options.now() };
      options.onRequest(request);
      forward(request, res, resolve);
    });
  });

  const forward = (request: ForwardedRequest, res: ServerResponse, done: () => void): void => {
    const started = performance.now();
    const outgoing: Record<string, string> = { ...options.connectionHeaders };
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_BY_HOP.has(name) && name !== 'host' && name !== 'content-length') outgoing[name] = value;
    }
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let status: number | null = null;
    let responseHeaders: Record<string, string> = {};
    let finished = false;
    let controllerOf: Dispatcher.DispatchController | undefined;
    const finish = (error?: string) => {
      if (finished) return;
      finished = true;
      options.onExchange({
        ...request, status, responseHeaders, responseBody: Buffer.concat(kept), answeredAt: options.now(),
        durationMs: performance.now() - started, ...(error === undefined ? {} : { error }),
      });
      done();
    };
    // The application gave up: the deployment's answer has nobody to go to.
    res.on('close', () => {
      if (!res.writableFinished) {
        controllerOf?.abort(new Error('the application closed its connection'));
        finish('the application closed its connection before the answer ended');
      }
    });
    options.dispatcher.dispatch({
      origin: base.origin,
      path: `${basePath}${request.target}`,
      method: request.method as Dispatcher.HttpMethod,
      headers: outgoing,
      body: request.body.length > 0 ? request.body : null,
    }, {
      onRequestStart(controller) {
        controllerOf = controller;
      },
      onResponseStart(_controller, statusCode, headers, statusMessage) {
        status = statusCode;
        const passed: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(headers)) {
          if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
          passed[name] = value;
          responseHeaders[name.toLowerCase()] = headerText(value);
        }
        if (statusMessage) res.writeHead(statusCode, statusMessage, passed);
        else res.writeHead(statusCode, passed);
        // Sent at once: an answer's head reaches the application without waiting for its body.
        res.flushHeaders();
      },
      onResponseData(controller, chunk) {
        if (keptBytes + chunk.length <= options.maxBodyBytes) {
          kept.push(chunk);
          keptBytes += chunk.length;
        }
        if (!res.write(chunk)) {
          controller.pause();
          res.once('drain', () => controller.resume());
        }
      },
      onResponseEnd() {
        res.end();
        // Judged in the same turn of the event loop: the application's next request, read in a later
        // one, meets a conversation that knows this answer, and the answer's end did not wait for it.
        finish();
      },
      onResponseError(_controller, error) {
        const reason = error.message;
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`mfc proxy: no answer from the deployment (${reason})\n`);
        } else {
          // Part of the answer went out: cutting the connection is the only honest end.
          res.destroy();
        }
        finish(reason);
      },
    });
  };

  const server: Server = createServer((req, res) => {
    const handled = handle(req, res);
    inFlight.add(handled);
    void handled.finally(() => inFlight.delete(handled));
  });
  // CONNECT asks for a tunnel to any host: refused by closing the socket.
  server.on('connect', (_req, socket) => socket.end('HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\n\r\n'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.all([...inFlight]);
      // Kept-alive connections of the application would hold the server open: their exchanges are over.
      server.closeAllConnections();
      await closed;
    },
  };
}
