// A library message speaks the library's options: an integrator using the client has no `mfc` to
// run, so the setting that fixes a missing answer is named as the client's `connection` option (the
// doctor adds its own flags: test/connection/gateway-run.test.ts).
import { describe, expect, it } from 'vitest';
import { describeNetworkError, type NetworkErrorContext } from '../../packages/api/src/http/network-error.js';

/** An error as Node or undici raises it: a message and its code, with the fields some codes carry. */
function errno(code: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${code} from the socket`), { code, ...fields });
}

describe('describeNetworkError names the client\'s option that fixes it, never a command', () => {
  it.each<[string, { error: Error; context?: NetworkErrorContext; want: string }]>([
    ['a certificate no trusted authority signed', { error: errno('SELF_SIGNED_CERT_IN_CHAIN'), want: 'the TLS certificate of the deployment is not trusted (SELF_SIGNED_CERT_IN_CHAIN): name the certificate authority that signed it in connection.ca, or NODE_EXTRA_CA_CERTS' }],
    ['a gateway alert for a client certificate', { error: errno('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED'), want: 'the gateway refused the TLS connection with an alert (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED): it demands a client certificate it accepts; give one in connection.clientCertificate' }],
    ['a gateway closing a TLS connection without one', { error: errno('ECONNRESET'), context: { tls: { clientCertificate: false } }, want: 'connection closed before an answer: a gateway that demands a client certificate closes it so; give one in connection.clientCertificate' }],
    ['a host not found with no proxy set', { error: errno('ENOTFOUND', { hostname: 'api.internal.test' }), want: 'host api.internal.test not found; no proxy is set: a deployment reached through a company proxy needs HTTPS_PROXY or connection.proxy' }],
    ['a refused connection, with its address', { error: errno('ECONNREFUSED', { address: '127.0.0.1', port: 8080 }), want: 'connection refused at 127.0.0.1:8080: is the server running, on that port?' }],
    ['a refused connection on IPv6', { error: errno('ECONNREFUSED', { address: '::1', port: 8080 }), want: 'connection refused at [::1]:8080: is the server running, on that port?' }],
  ])('%s', (_name, { error, context, want }) => {
    const said = describeNetworkError(error, context);
    expect(said).toBe(want);
    expect(said).not.toMatch(/\bmfc\b|--[a-z]/);
  });
});
