import { DEFAULT_MAX_ANSWER_BYTES, shownBytes, shownProxy } from './connection.js';

/** What a description of a missing answer may name besides the error: the proxy the request went through, the answer bound. */
export interface NetworkErrorContext {
  /** The proxy the request was sent through and where it was set (`connection.proxy`, `HTTPS_PROXY`), if any. */
  proxy?: { url: string; source: string } | undefined;
  /** The answer bound in bytes (default 32 MiB). */
  maxAnswerBytes?: number;
  /** The request went over TLS, and whether it offered a client certificate. */
  tls?: { clientCertificate: boolean };
}

type ErrnoLike = Error & { code?: string; hostname?: string; host?: string; address?: string; port?: number; cause?: unknown };

// Codes of a server certificate Node cannot trace to a trusted certificate authority.
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT', 'CERT_UNTRUSTED',
]);

// TLS alerts a gateway sends when it wants a client certificate it did not get, or does not accept the one it got.
const CLIENT_CERTIFICATE_ALERTS = new Set([
  'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN', 'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED',
]);

/** The error that says what happened: undici wraps a TLS failure inside a proxy tunnel, and fetch-like errors hold theirs in `cause`. */
function innermost(error: ErrnoLike): ErrnoLike {
  const cause = error.cause as ErrnoLike | undefined;
  if (cause instanceof Error && (error.code === undefined || error.code === 'UND_ERR_PRX_TLS')) return innermost(cause);
  return error;
}

/** The errors of a connection the other side closed or reset before its answer. */
const CONNECTION_CLOSED_CODES: ReadonlySet<string> = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * Whether a request got no answer because the other side closed or reset its connection first: the
 * request may never have been read, and who closed it cannot be told, so a verdict on the request
 * cannot be given (connection-reuse.ts).
 */
export function isConnectionClosed(error: Error): boolean {
  const inner = innermost(error as ErrnoLike);
  const code = inner.code ?? (inner.cause as ErrnoLike | undefined)?.code;
  return code !== undefined && CONNECTION_CLOSED_CODES.has(code);
}

/** The one setting that sets a proxy, for a message that suggests one. */
const SET_A_PROXY = 'HTTPS_PROXY or connection.proxy';

function proxyProblem(error: ErrnoLike, proxy: NonNullable<NetworkErrorContext['proxy']>): string | undefined {
  const shown = `the proxy ${shownProxy(proxy.url)} (${proxy.source})`;
  const tunnel = /Proxy response \((\d{3})\) !== 200/.exec(error.message)?.[1];
  if (tunnel === '407') return `${shown} wants credentials (407 to the tunnel request): give them in connection.proxy as {url, username, password: {env: VAR}}`;
  if (tunnel !== undefined) {
    const why = tunnel === '502' || tunnel === '503' || tunnel === '504' ? ': it could not reach the base URL\'s host (does the proxy know the host name?)' : '';
    return `${shown} refused the tunnel to the deployment (${tunnel})${why}; check connection.proxy, or NO_PROXY for a host reached without it`;
  }
  let proxyUrl: URL;
  try {
    proxyUrl = new URL(proxy.url);
  } catch {
    return `${shown} is not a URL`;
  }
  const proxyHost = proxyUrl.hostname.replace(/^\[|\]$/g, '');
  const proxyPort = Number(proxyUrl.port || (proxyUrl.protocol === 'https:' ? 443 : 80));
  const atProxy = error.port === proxyPort && (error.address === proxyHost || error.host === proxyHost || error.hostname === proxyHost || proxyHost === 'localhost');
  if (error.code === 'ENOTFOUND' && (error.hostname ?? error.host) === proxyHost) return `${shown}: its host ${proxyHost} not found; check connection.proxy or ${proxy.source}`;
  if (error.code === 'ECONNREFUSED' && atProxy) return `${shown} refused the connection: is it running at that address? Check ${proxy.source}`;
  return undefined;
}

/**
 * A one-line account of why a request got no answer, naming the setting that fixes it where one does
 * (`connection.proxy`, `connection.ca`, `connection.clientCertificate`, `connection.maxAnswerBytes`:
 * the client's `connection` option, and the profile's block of the same name; the CLI adds its own
 * flags): the doctor's and the preflight's message, and every failed exchange's `error`.
 */
export function describeNetworkError(error: Error, context: NetworkErrorContext = {}): string {
  const outer = error as ErrnoLike;
  const inner = innermost(outer);
  const code = inner.code ?? (inner.cause as ErrnoLike | undefined)?.code;
  if (context.proxy !== undefined) {
    const problem = proxyProblem(inner, context.proxy);
    if (problem !== undefined) return problem;
  }
  if (code !== undefined && UNTRUSTED.has(code)) {
    return `the TLS certificate of the deployment is not trusted (${code}): name the certificate authority that signed it in connection.ca, or NODE_EXTRA_CA_CERTS`;
  }
  if (code !== undefined && CLIENT_CERTIFICATE_ALERTS.has(code)) {
    return `the gateway refused the TLS connection with an alert (${code}): it demands a client certificate it accepts; give one in connection.clientCertificate`;
  }
  switch (code) {
    case 'CERT_HAS_EXPIRED':
    case 'CERT_NOT_YET_VALID':
      return `the deployment's TLS certificate is out of its validity period (${code}): no client setting fixes that; its owners must renew it (or the machine's clock is wrong)`;
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE': {
      const bound = shownBytes(context.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES);
      const where = /decompressed/i.test(inner.message) ? 'once decoded' : 'on the wire';
      return `the answer is larger than ${bound} ${where} (connection.maxAnswerBytes): it was not read further`;
    }
    case 'ECONNREFUSED': {
      const port = inner.port === undefined ? '' : `:${inner.port}`;
      const at = inner.address === undefined ? '' : ` at ${inner.address.includes(':') ? `[${inner.address}]` : inner.address}${port}`;
      return `connection refused${at}: is the server running, on that port?`;
    }
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    // The transport's deadline on one attempt (`TimeoutError`, src/http/errors.ts).
    case 'MFC_CLIENT_TIMEOUT':
      return 'no answer within the request timeout';
    case 'ENOTFOUND':
    case 'EAI_AGAIN': {
      const host = inner.hostname ?? inner.host ?? 'the base URL\'s host';
      return context.proxy === undefined
        ? `host ${host} not found; no proxy is set: a deployment reached through a company proxy needs ${SET_A_PROXY}`
        : `host ${host} not found, looked up without the proxy ${shownProxy(context.proxy.url)} (${context.proxy.source}): does NO_PROXY name it?`;
    }
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      // Over TLS 1.3 a gateway refuses a missing or unknown client certificate after the handshake:
      // undici sees the connection closed, not the alert.
      if (context.tls === undefined) return 'connection closed before an answer';
      return context.tls.clientCertificate
        ? 'connection closed before an answer: a gateway that does not accept the client certificate closes it so; is connection.clientCertificate one signed by an authority it trusts?'
        : 'connection closed before an answer: a gateway that demands a client certificate closes it so; give one in connection.clientCertificate';
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
    case 'EPROTO':
      return 'the TLS handshake failed: the target does not answer https on this port (is the base URL http://?)';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `the deployment's TLS certificate names another host (${inner.message.replace(/^Hostname\/IP does not match certificate's altnames: /, '')}): the base URL must use a host name the certificate holds`;
    case 'UND_ERR_ABORTED':
    case 'ABORT_ERR':
      return 'the request was cancelled';
    default:
      return code ? `${inner.message} (${code})` : inner.message;
  }
}
