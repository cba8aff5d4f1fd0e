import * as crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { signBody, signingTokenOf, verifySignature } from '../../packages/api/src/webhooks/signature.js';

// Wrap the real timingSafeEqual so a test can see the verifier goes through it.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const bodyArb = fc.uint8Array({ maxLength: 512 });
const tokenArb = fc.string({ minLength: 1, maxLength: 64 });
const jsonObjectArb = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 6 });

describe('signBody / verifySignature (§6.3)', () => {
  it('signs as the hex HMAC-SHA256 of the raw bytes', () => {
    // RFC 4231 test case 2.
    expect(signBody('what do ya want for nothing?', 'Jefe')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('verifies what it signs, for any body and key', () => {
    fc.assert(fc.property(bodyArb, tokenArb, (body, token) => {
      expect(verifySignature(body, signBody(body, token), [token])).toEqual({ valid: true, tokenIndex: 0 });
      expect(verifySignature(Buffer.from(body), signBody(body, token).toUpperCase(), [token]).valid).toBe(true);
    }));
  });

  it('names the index of the token that signed among several', () => {
    fc.assert(fc.property(bodyArb, fc.uniqueArray(tokenArb, { minLength: 2, maxLength: 5 }), fc.nat(), (body, tokens, pick) => {
      const index = pick % tokens.length;
      expect(verifySignature(body, signBody(body, tokens[index]!), tokens)).toEqual({ valid: true, tokenIndex: index });
    }));
  });

  it('refuses a body with any byte changed', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 1, maxLength: 512 }), tokenArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (body, token, at, flip) => {
      const tampered = Uint8Array.from(body);
      const index = at % body.length;
      tampered[index] = tampered[index]! ^ flip;
      const verdict = verifySignature(tampered, signBody(body, token), [token]);
      expect(verdict).toMatchObject({ valid: false, reason: 'mismatch' });
    }));
  });

  it('refuses a re-serialised body (other spacing or key order)', () => {
    fc.assert(fc.property(jsonObjectArb, tokenArb, (value, token) => {
      const sent = JSON.stringify(value);
      const signature = signBody(sent, token);
      const spaced = JSON.stringify(value, null, 2);
      expect(verifySignature(spaced, signature, [token])).toMatchObject({ valid: false, reason: 'mismatch' });
      const reordered = JSON.stringify(Object.fromEntries(Object.entries(value).reverse()));
      fc.pre(reordered !== sent);
      expect(verifySignature(reordered, signature, [token])).toMatchObject({ valid: false, reason: 'mismatch' });
    }));
  });

  it('refuses a signature made with another key', () => {
    fc.assert(fc.property(bodyArb, tokenArb, tokenArb, (body, signer, receiver) => {
      fc.pre(signer !== receiver);
      expect(verifySignature(body, signBody(body, signer), [receiver])).toMatchObject({ valid: false, reason: 'mismatch' });
    }));
  });

  it('refuses a truncated or extended signature as wrong-length', () => {
    fc.assert(fc.property(bodyArb, tokenArb, fc.integer({ min: 1, max: 31 }), (body, token, bytes) => {
      const signature = signBody(body, token);
      expect(verifySignature(body, signature.slice(0, bytes * 2), [token])).toMatchObject({ valid: false, reason: 'wrong-length' });
      expect(verifySignature(body, `${signature}00`, [token])).toMatchObject({ valid: false, reason: 'wrong-length' });
    }));
  });

  it('refuses non-hex signatures, base64 of the right digest included', () => {
    fc.assert(fc.property(bodyArb, tokenArb, (body, token) => {
      const base64 = crypto.createHmac('sha256', token).update(body).digest('base64');
      expect(verifySignature(body, base64, [token])).toMatchObject({ valid: false, reason: 'not-hex' });
      expect(verifySignature(body, `${signBody(body, token).slice(1)}g`, [token])).toMatchObject({ valid: false, reason: 'not-hex' });
    }));
  });

  it('reports a missing header', () => {
    expect(verifySignature('{}', undefined, ['t'])).toMatchObject({ valid: false, reason: 'missing' });
    expect(verifySignature('{}', '', ['t'])).toMatchObject({ valid: false, reason: 'missing' });
    expect(verifySignature('{}', null, ['t'])).toMatchObject({ valid: false, reason: 'missing' });
  });

  it.each([
    ['node:http, sent once', { header: (signature: string) => [signature], want: { valid: true, tokenIndex: 0 } }],
    ['node:http, sent twice: never a digest', { header: (signature: string) => [signature, signature], want: { valid: false, reason: 'not-hex' } }],
    ['fetch Headers.get', { header: (signature: string) => new Headers({ 'x-service-signature': signature }).get('x-service-signature'), want: { valid: true, tokenIndex: 0 } }],
  ])('takes the header as servers hand it over: %s', (_name, { header, want }) => {
    expect(verifySignature('{"a":1}', header(signBody('{"a":1}', 't')), ['t'])).toMatchObject(want);
  });

  it('never quotes the token in a message', () => {
    fc.assert(fc.property(bodyArb, fc.string({ minLength: 12, maxLength: 40 }), fc.string({ maxLength: 80 }), (body, token, header) => {
      const verdict = verifySignature(body, header, [token]);
      if (!verdict.valid) expect(verdict.message).not.toContain(token);
    }));
  });

  it('compares digests with crypto.timingSafeEqual, once per token, even after a match', () => {
    const compare = vi.mocked(crypto.timingSafeEqual);
    fc.assert(fc.property(bodyArb, fc.uniqueArray(tokenArb, { minLength: 1, maxLength: 4 }), (body, tokens) => {
      compare.mockClear();
      verifySignature(body, signBody(body, tokens[0]!), tokens);
      expect(compare).toHaveBeenCalledTimes(tokens.length);
      for (const [a, b] of compare.mock.calls) expect((a as Buffer).length).toBe((b as Buffer).length);
    }));
  });
});

describe('signingTokenOf: the oldest valid token is the key (§6.3)', () => {
  const candidateArb = fc.record({
    token: tokenArb,
    createdAt: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
    valid: fc.boolean(),
  });

  it('picks the valid token created first, or none when none is valid', () => {
    fc.assert(fc.property(fc.array(candidateArb, { maxLength: 8 }), (candidates) => {
      const valid = candidates.filter((candidate) => candidate.valid);
      const chosen = signingTokenOf(candidates);
      if (valid.length === 0) {
        expect(chosen).toBeUndefined();
        return;
      }
      const oldest = Math.min(...valid.map((candidate) => candidate.createdAt.getTime()));
      expect(valid.some((candidate) => candidate.token === chosen && candidate.createdAt.getTime() === oldest)).toBe(true);
    }));
  });

  it('accepts ISO strings and refuses an unreadable date', () => {
    expect(signingTokenOf([
      { token: 'newer', createdAt: '2024-05-01T00:00:00Z', valid: true },
      { token: 'older-expired', createdAt: '2023-01-01T00:00:00Z', valid: false },
      { token: 'older', createdAt: '2024-01-01T00:00:00Z', valid: true },
    ])).toBe('older');
    expect(() => signingTokenOf([{ token: 'x', createdAt: 'yesterday', valid: true }])).toThrow(RangeError);
  });
});
