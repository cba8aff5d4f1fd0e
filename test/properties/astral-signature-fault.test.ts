// The webhook fault of the signature property bends only what it names: bodies with characters
// outside the Basic Multilingual Plane get a signature over other bytes; every other body is signed
// exactly as without the fault.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wireMessage, type MessageDeviations } from '../../packages/cli/server/webhooks/message.js';
import { signBody } from '../../packages/cli/src/webhooks/index.js';

const key = 'mfc-test-signing-key';
const none: MessageDeviations = {
  base64Signature: false, reserializedSignature: false, v1MissingEventId: false, v1UnstableEventId: false,
  v1PayloadChangedOnRetry: false, v2MissingSignature: false, astralEscapedSignature: false,
};
const astral = /[\u{10000}-\u{10ffff}]/u;
const payloadArb = fc.record({ id: fc.nat(), supplier_name: fc.string({ unit: 'grapheme', maxLength: 8 }), po_number: fc.string({ maxLength: 8 }) });

describe('webhooks-signature-astral-escaped', () => {
  it('signs the bytes sent unless the body holds a character outside the BMP', () => {
    fc.assert(fc.property(payloadArb, (payload) => {
      const { body, headers } = wireMessage({ api: 'v1', payload, eventId: 'e-1' }, 1, key, { ...none, astralEscapedSignature: true });
      const verifies = headers['x-service-signature'] === signBody(body, key);
      expect(verifies).toBe(!astral.test(body.toString('utf8')));
    }), { numRuns: 300 });
  });

  it('sends the same bytes as a conforming server', () => {
    fc.assert(fc.property(payloadArb, (payload) => {
      const message = { api: 'v2' as const, payload, eventId: 'e-1' };
      expect(wireMessage(message, 1, key, { ...none, astralEscapedSignature: true }).body).toEqual(wireMessage(message, 1, key, none).body);
    }));
  });
});
