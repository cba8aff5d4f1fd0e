// A company network on loopback: a certificate authority of its own, a TLS gateway that wants a
// client certificate and its own header and serves the API under a path prefix, reachable only
// through a CONNECT proxy that alone knows the gateway's host name (the issue 31 proof).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { tempDir } from './profile.js';

/** The gateway's host name: only the proxy resolves it. */
export const GATEWAY_HOST = 'gateway.mfc.test';
/** A host name the proxy also resolves to the gateway, which the gateway's certificate does not name. */
export const OTHER_HOST = 'other.mfc.test';
/** Where the gateway serves the API. */
export const GATEWAY_PREFIX = '/stage-api/mfc';
/** The header the gateway wants on every request. */
export const GATEWAY_HEADER = 'x-gateway-key';

/** The PEM files of the company's certificate authority, the gateway and a client, in a fresh folder. */
export interface CompanyCertificates {
  folder: string;
  ca: string;
  gatewayCert: string;
  gatewayKey: string;
  clientCert: string;
  /** Encrypted with `clientKeyPassphrase`. */
  clientKey: string;
  clientKeyPassphrase: string;
  /** A certificate authority nobody uses, for a client certificate the gateway does not accept. */
  strangerCert: string;
  strangerKey: string;
}

/** Whether the `openssl` command is there to make certificates (node:crypto cannot sign an X.509 certificate). */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Makes the certificates with the `openssl` command (EC keys: a few milliseconds each), valid for two days. */
export function makeCertificates(): CompanyCertificates {
  const folder = tempDir('mfc-company-ca-');
  const at = (name: string) => join(folder, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: folder, stdio: 'pipe' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  const authority = (name: string, subject: string) => openssl('req', '-x509', ...newKey, '-nodes', '-keyout', at(`${name}.key`), '-out', at(`${name}.pem`), '-days', '2', '-subj', subject,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  authority('ca', '/CN=MFC Test Company CA');
  authority('stranger-ca', '/CN=Someone Else CA');
  const issue = (name: string, subject: string, extensions: string, ca: string, keyArgs: string[]) => {
    writeFileSync(at(`${name}.ext`), extensions);
    openssl('req', ...newKey, ...keyArgs, '-keyout', at(`${name}.key`), '-out', at(`${name}.csr`), '-subj', subject);
    openssl('x509', '-req', '-in', at(`${name}.csr`), '-CA', at(`${ca}.pem`), '-CAkey', at(`${ca}.key`), '-CAcreateserial', '-out', at(`${name}.pem`), '-days', '2', '-extfile', at(`${name}.ext`));
  };
  const passphrase = 'client-key-passphrase-6c1e09d4b2';
  issue('gateway', `/CN=${GATEWAY_HOST}`, `subjectAltName=DNS:${GATEWAY_HOST}\nextendedKeyUsage=serverAuth\n`, 'ca', ['-nodes']);
  issue('client', '/CN=mfc-conformance', 'extendedKeyUsage=clientAuth\n', 'ca', ['-passout', `pass:${passphrase}`]);
  issue('stranger', '/CN=stranger', 'extendedKeyUsage=clientAuth\n', 'stranger-ca', ['-nodes']);
  return {
    folder,
    ca: at('ca.pem'),
    gatewayCert: at('gateway.pem'),
    gatewayKey: at('gateway.key'),
    clientCert: at('client.pem'),
    clientKey: at('client.key'),
    clientKeyPassphrase: passphrase,
    strangerCert: at('stranger.pem'),
    strangerKey: at('stranger.key'),
  };
}

/** A loopback server with a way to close it and every connection it holds. */
async function listening(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

/** The company's CONNECT proxy: tunnels to the host names it knows, and notes the tunnels it opened. */
export interface TunnelProxy {
  url: string;
  /** Tunnels opened, by the host:port asked for. */
  tunnels: string[];
  /** The local ports of the proxy's sockets to the hosts: the gateway tells a request that came through the proxy by them. */
  upstreamPorts: Set<number>;
  close(): Promise<void>;
}

/** What the proxy does besides tunnelling: the credentials it wants (407 without them), the hosts it refuses outright (403). */
export interface ProxyRules {
  credentials?: { username: string; password: string };
  refuse?: string[];
}

/** Starts a CONNECT proxy that resolves `hosts` (name → loopback port) and answers 502 for any other name, as a proxy that cannot reach it. */
export async function startTunnelProxy(hosts: Record<string, number>, rules: ProxyRules = {}, upstreamPorts = new Set<number>()): Promise<TunnelProxy> {
  const tunnels: string[] = [];
  const server = createHttpServer((_req, res) => void res.writeHead(405).end());
  const expected = rules.credentials && `Basic ${Buffer.from(`${rules.credentials.username}:${rules.credentials.password}`).toString('base64')}`;
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => undefined);
    const [name = '', portText = ''] = (req.url ?? '').split(':');
    if (expected !== undefined && req.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="company"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (rules.refuse?.includes(name)) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const port = hosts[name];
    if (port === undefined || portText !== '443') {
      client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const upstream = connect(port, '127.0.0.1', () => {
      upstreamPorts.add(upstream.localPort!);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  const { port, close } = await listening(server);
  return { url: `http://127.0.0.1:${port}`, tunnels, upstreamPorts, close };
}

/** One request the gateway served: what it asked and whether it came through the proxy. */
export interface GatewayRequest {
  method: string;
  url: string;
  throughProxy: boolean;
}

/** The TLS gateway in front of the API. */
export interface Gateway {
  port: number;
  requests: GatewayRequest[];
  /** The encodings its answers went out in (it compresses whatever the client accepts, in turn). */
  encodings: Map<string, number>;
  close(): Promise<void>;
}

/**
 * How the gateway refuses a client without a certificate it accepts: an nginx-like 400 page; a TLS
 * alert after the handshake (TLS 1.3: the client sees the connection closed); or an alert during the
 * handshake (TLS 1.2 at most).
 */
export type ClientCertificateRefusal = 'page' | 'alert' | 'handshake';

const page = (res: ServerResponse, status: number, title: string, text: string) =>
  void res.writeHead(status, { 'content-type': 'text/html' }).end(`<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<center>${text}</center>\r\n</body>\r\n</html>\r\n`);

const encoders: Record<string, (body: Buffer) => Buffer> = { gzip: gzipSync, br: brotliCompressSync, deflate: deflateSync };

/**
 * Starts the gateway: TLS with the company's certificate, a client certificate signed by the company's
 * CA required, the header `GATEWAY_HEADER` with `key` required (an HTML 403 without it), the API under
 * `GATEWAY_PREFIX` (an HTML 404 elsewhere), forwarded to `upstream` with the prefix taken off, every
 * answer compressed in the encodings the client accepts, taking turns.
 */
export async function startGateway(certificates: CompanyCertificates, upstream: string, key: string, options: { refusal?: ClientCertificateRefusal; proxyPorts?: ReadonlySet<number> } = {}): Promise<Gateway> {
  const target = new URL(upstream);
  const requests: GatewayRequest[] = [];
  const encodings = new Map<string, number>();
  let turn = 0;
  const server = createHttpsServer({
    cert: readFileSync(certificates.gatewayCert),
    key: readFileSync(certificates.gatewayKey),
    ca: readFileSync(certificates.ca),
    requestCert: true,
    rejectUnauthorized: options.refusal === 'alert' || options.refusal === 'handshake',
    ...(options.refusal === 'handshake' ? { maxVersion: 'TLSv1.2' as const } : {}),
  }, (req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', throughProxy: options.proxyPorts?.has(req.socket.remotePort!) ?? false });
    if (!(req.socket as TLSSocket).authorized) return page(res, 400, '400 No required SSL certificate was sent', 'No required SSL certificate was sent');
    if (req.headers[GATEWAY_HEADER] !== key) return page(res, 403, '403 Forbidden', 'Access denied by the company gateway');
    const url = req.url ?? '/';
    if (url !== GATEWAY_PREFIX && !url.startsWith(`${GATEWAY_PREFIX}/`)) return page(res, 404, '404 Not Found', 'nginx');
    const { [GATEWAY_HEADER]: _key, 'accept-encoding': accepted, ...headers } = req.headers;
    const forward = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: url.slice(GATEWAY_PREFIX.length) || '/', headers: { ...headers, host: target.host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const offered = Object.keys(encoders).filter((name) => String(accepted ?? '').includes(name));
        const encoding = body.length === 0 || offered.length === 0 ? undefined : offered[turn++ % offered.length]!;
        const { 'content-length': _length, 'transfer-encoding': _chunked, connection: _connection, 'keep-alive': _keepAlive, ...kept } = answer.headers;
        if (encoding !== undefined) encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, { ...kept, ...(encoding === undefined ? {} : { 'content-encoding': encoding, vary: 'accept-encoding' }) });
        res.end(encoding === undefined ? body : encoders[encoding]!(body));
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  // A client refused during the handshake (refusal 'alert') is no error of the gateway's.
  server.on('tlsClientError', () => undefined);
  const { port, close } = await listening(server as unknown as Server);
  return { port, requests, encodings, close };
}

/** A gateway in front of `upstream` and a proxy that alone reaches it (as `GATEWAY_HOST` and `OTHER_HOST`), wired so the gateway tells the proxy's requests apart. */
export async function startCompanyNetwork(certificates: CompanyCertificates, upstream: string, key: string, options: { refusal?: ClientCertificateRefusal; rules?: ProxyRules } = {}): Promise<{ gateway: Gateway; proxy: TunnelProxy; close(): Promise<void> }> {
  const proxyPorts = new Set<number>();
  const gateway = await startGateway(certificates, upstream, key, { ...(options.refusal === undefined ? {} : { refusal: options.refusal }), proxyPorts });
  const proxy = await startTunnelProxy({ [GATEWAY_HOST]: gateway.port, [OTHER_HOST]: gateway.port }, options.rules, proxyPorts);
  return { gateway, proxy, close: async () => void (await Promise.all([proxy.close(), gateway.close()])) };
}
