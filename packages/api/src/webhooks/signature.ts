import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries a webhook's signature (§6.3 point 1). */
export const SIGNATURE_HEADER = 'x-service-signature';

/** Why a signature did not verify: no header, not hex, not 32 bytes, or no token produced it. */
export type SignatureFailureReason = 'missing' | 'not-hex' | 'wrong-length' | 'mismatch';

/** The outcome of verifying one delivery: which token signed it, or why none did. */
export type SignatureVerdict =
  | { valid: true; tokenIndex: number }
  | { valid: false; reason: SignatureFailureReason; message: string };

/** A token the sender may hold, with what §6.3 needs to pick the signing key among several. */
export interface SigningTokenCandidate {
  token: string;
  createdAt: Date | string;
  valid: boolean;
}

// An HMAC-SHA256 digest is 32 bytes, 64 hex digits.
const DIGEST_BYTES = 32;
const HEX = /^[0-9a-fA-F]*$/;

function digest(rawBody: Uint8Array | string, token: string): Buffer {
  return createHmac('sha256', token).update(rawBody).digest();
}

/** The `x-service-signature` value for a body: hex HMAC-SHA256 of the raw bytes keyed with the token (§6.3). */
export function signBody(rawBody: Uint8Array | string, token: string): string {
  return digest(rawBody, token).toString('hex');
}

/**
 * A header's value as servers hand it over: `node:http`'s `request.headers[name]` (`string | string[] |
 * undefined`) or fetch's `headers.get(name)` (`string | null`).
 */
export type HeaderValue = string | readonly string[] | null | undefined;

/**
 * Verifies a signature header over the raw body against each token in turn (§6.3), comparing
 * digests in constant time. Messages never quote a token or the expected digest. A header sent twice
 * (an array) is read as its values joined by ", ", as Node joins a repeated header: never a digest.
 */
export function verifySignature(
  rawBody: Uint8Array | string,
  headerValue: HeaderValue,
  tokens: readonly string[],
): SignatureVerdict {
  const header = typeof headerValue === 'string' || headerValue == null ? headerValue : headerValue.join(', ');
  if (header == null || header === '') {
    return { valid: false, reason: 'missing', message: `${SIGNATURE_HEADER} expected a hex HMAC-SHA256 digest, received no header` };
  }
  const received = header.trim();
  if (!HEX.test(received) || received.length % 2 !== 0) {
    return {
      valid: false,
      reason: 'not-hex',
      message: `${SIGNATURE_HEADER} expected hex digits, received ${JSON.stringify(abbreviate(received))}`,
    };
  }
  const receivedBytes = Buffer.from(received, 'hex');
  if (receivedBytes.length !== DIGEST_BYTES) {
    return {
      valid: false,
      reason: 'wrong-length',
      message: `${SIGNATURE_HEADER} expected ${DIGEST_BYTES * 2} hex digits, received ${received.length}`,
    };
  }
  // Every token is compared even after a match, so the time taken does not reveal which one matched.
  let tokenIndex = -1;
  tokens.forEach((token, index) => {
    if (timingSafeEqual(digest(rawBody, token), receivedBytes) && tokenIndex === -1) tokenIndex = index;
  });
  if (tokenIndex >= 0) return { valid: true, tokenIndex };
  return {
    valid: false,
    reason: 'mismatch',
    message: `${SIGNATURE_HEADER} expected the HMAC-SHA256 of the raw body keyed with the signing token, received a digest made otherwise (${tokens.length} token(s) tried)`,
  };
}

/**
 * The key §6.3 says signs webhooks when a sales channel holds several valid tokens: the oldest
 * valid one. Undefined when none is valid (v1 then sends no signature header).
 */
export function signingTokenOf(candidates: readonly SigningTokenCandidate[]): string | undefined {
  let oldest: { token: string; time: number } | undefined;
  for (const candidate of candidates) {
    if (!candidate.valid) continue;
    const time = new Date(candidate.createdAt).getTime();
    if (Number.isNaN(time)) throw new RangeError(`createdAt expected an ISO 8601 date-time, received ${JSON.stringify(String(candidate.createdAt))}`);
    if (oldest === undefined || time < oldest.time) oldest = { token: candidate.token, time };
  }
  return oldest?.token;
}

// A header value can be anything a sender put there; quote only its start.
function abbreviate(value: string): string {
  return value.length > 80 ? `${value.slice(0, 80)}…` : value;
}
