import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ConnectionHeaderValue, ConnectionOptions } from '@mfc-conformance/api/client';
import { ProfileError } from './errors.js';
import type { ConnectionSettings, ProfileConnection, TokenSource } from './types.js';
import { fileProblem } from '../text/file-problem.js';

/** A secret as a profile gives it, read: the value, and how a replay line names it (`$VAR`, or undefined when the file holds it). */
function secretOf(source: TokenSource, key: string, env: NodeJS.ProcessEnv): { value: string; replayAs?: string } {
  if (typeof source === 'string') return { value: source };
  const value = env[source.env];
  // The message names the variable and the key, never a value.
  if (value === undefined || value === '') throw new ProfileError(`"${key}" reads the environment variable ${source.env}, which is not set`);
  return { value, replayAs: `$${source.env}` };
}

function readPem(path: string, key: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ProfileError(`"${key}" names ${path}, which cannot be read (${fileProblem(error)})`);
  }
}

function certificateOf(path: string, key: string): { pem: string; certificate: X509Certificate } {
  const pem = readPem(path, key);
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new ProfileError(`"${key}" names ${path}, which holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  try {
    return { pem, certificate: new X509Certificate(pem) };
  } catch {
    throw new ProfileError(`"${key}" names ${path}, whose certificate cannot be read`);
  }
}

function privateKeyOf(path: string, passphrase: string | undefined): { pem: string; key: KeyObject } {
  const pem = readPem(path, 'connection.clientCertificate.key');
  try {
    return { pem, key: createPrivateKey(passphrase === undefined ? pem : { key: pem, passphrase }) };
  } catch (error) {
    // PKCS#8 says ENCRYPTED PRIVATE KEY, the older PEM form Proc-Type: 4,ENCRYPTED.
    const encrypted = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem);
    const why = !encrypted
      ? 'it holds no PEM private key'
      : passphrase === undefined
        ? 'the key is encrypted: give its passphrase in connection.clientCertificate.passphrase'
        : `connection.clientCertificate.passphrase does not decrypt it (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`;
    throw new ProfileError(`"connection.clientCertificate.key" names ${path}, which cannot be used: ${why}`);
  }
}

function proxyUrl(settings: NonNullable<ConnectionSettings['proxy']>, env: NodeJS.ProcessEnv): string {
  if (typeof settings === 'string') return settings;
  const url = new URL(settings.url);
  if (settings.username !== undefined) url.username = settings.username;
  if (settings.password !== undefined) url.password = secretOf(settings.password, 'connection.proxy.password', env).value;
  return url.toString();
}

/** The same settings with every file name absolute, read from `folder` (the profile's). */
export function absoluteFiles(settings: ConnectionSettings, folder: string): ConnectionSettings {
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(folder, path));
  return {
    ...settings,
    ...(settings.ca === undefined ? {} : { ca: absolute(settings.ca) }),
    ...(settings.clientCertificate === undefined ? {} : {
      clientCertificate: { ...settings.clientCertificate, cert: absolute(settings.clientCertificate.cert), key: absolute(settings.clientCertificate.key) },
    }),
  };
}

/**
 * Reads a profile's connection block: the PEM files (relative to `folder`, the profile's), each
 * checked before any request (a certificate that does not parse, a key its passphrase does not open,
 * a key that is not the certificate's) and the `{env: VAR}` secrets. Throws `ProfileError` naming the key.
 */
export function resolveConnection(written: ConnectionSettings, env: NodeJS.ProcessEnv, folder: string): ProfileConnection {
  const settings = absoluteFiles(written, folder);
  const options: ConnectionOptions = {};
  if (settings.proxy !== undefined) options.proxy = proxyUrl(settings.proxy, env);
  if (settings.ca !== undefined) options.ca = certificateOf(settings.ca, 'connection.ca').pem;
  if (settings.clientCertificate !== undefined) {
    const { cert, key, passphrase } = settings.clientCertificate;
    const secret = passphrase === undefined ? undefined : secretOf(passphrase, 'connection.clientCertificate.passphrase', env).value;
    const certificate = certificateOf(cert, 'connection.clientCertificate.cert');
    const privateKey = privateKeyOf(key, secret);
    if (!certificate.certificate.checkPrivateKey(privateKey.key)) {
      throw new ProfileError(`"connection.clientCertificate.key" names ${key}, which is not the key of the certificate ${cert}`);
    }
    options.clientCertificate = { cert: certificate.pem, key: privateKey.pem, ...(secret === undefined ? {} : { passphrase: secret }) };
  }
  if (settings.headers !== undefined) {
    const headers: Record<string, ConnectionHeaderValue> = {};
    for (const [name, source] of Object.entries(settings.headers)) {
      const read = secretOf(source, `connection.headers.${name}`, env);
      headers[name] = typeof source === 'string' ? read.value : { secret: read.value, ...(read.replayAs === undefined ? {} : { replayAs: read.replayAs }) };
    }
    options.headers = headers;
  }
  if (settings.maxAnswerBytes !== undefined) options.maxAnswerBytes = settings.maxAnswerBytes;
  return { settings, options };
}
