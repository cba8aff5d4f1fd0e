// Webhook signatures (§6.3 point 1) over generated payloads: for every status change the run
// triggers, each delivery to the v1 and the v2 path carries x-service-signature, the hex HMAC-SHA256
// of exactly the raw bytes received, keyed with an API token of the merchant. The v1 event goes to
// every sales channel of the merchant that registered a URL (§6.1), each signed with its own
// channel's token, so any known token of the merchant is accepted; at least one delivery per version
// must verify with the signing token.
import fc from 'fast-check';
import { check, type ApiResponse, type CheckContext } from '../src/checks/index.js';
import { forResource } from '../src/webhooks/index.js';
import { judgeSignature } from '../suites/support/webhook-signature.js';
import { v2RestockingBody } from '../suites/support/restocking.js';
import { recordId } from '../suites/support/scope.js';
import { requireSuccess } from '../suites/support/success.js';
import { failNoDelivery, restockingCancelled, type StatusChange } from '../suites/support/webhooks.js';
import { assertProperty } from './support/property.js';

/** A character outside the Basic Multilingual Plane (emoji and the like): UTF-16 surrogate pairs, where encoders slip. */
const astralCharArb = fc.integer({ min: 0x1_0000, max: 0x10_ffff }).map((codePoint) => String.fromCodePoint(codePoint));

/** Printable ASCII (0x20–0x7e): control characters are left out, as a server may refuse them on create (field limits are not shown, §8). */
const printableAsciiArb = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });

/**
 * Free text as a merchant might type it: printable ASCII, any Unicode grapheme, or ASCII with characters
 * outside the BMP mixed in. The last is weighted up so that every run of a few samples sends some:
 * a signer that bends only those bytes must not slip through on an unlucky seed.
 */
const freeTextArb = fc.oneof(
  { arbitrary: printableAsciiArb(12), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(printableAsciiArb(5), astralCharArb, printableAsciiArb(5))
      .map(([before, astral, after]) => `${before}${astral}${after}`),
    weight: 2,
  },
);

/** The texts a restocking shipment carries into both versions' payloads (§2.3). */
const shipmentTextsArb = fc.record({ po_number: freeTextArb, supplier_name: freeTextArb, tracking_code: freeTextArb }, { noNullPrototype: true });

/**
 * Creates a v2 shipment of the run with the texts (every §4.2 property) and returns its id, or
 * undefined when the service refused the texts (4xx): which texts it takes is not stated (§8: field
 * limits are not shown), so generated ones it refuses are not the property's concern.
 */
async function createShipment(t: CheckContext, texts: Record<string, string>): Promise<number | undefined> {
  const created = await t.v2.post('/restocking_shipments', { body: { ...v2RestockingBody(t), ...texts, supplier_name: `${t.marker} ${texts.supplier_name}` } });
  if (created.status === 400 || created.status === 422) return undefined;
  t.expectStatus(created, 201, 'POST /restocking_shipments creates the shipment (§4.2)');
  return created.body.id as number;
}

/**
 * Creates a shipment with the texts, cancels it and returns its id: one v1 and one v2 status event
 * follow (§3.1, §6). Texts the service refuses discard the sample (fc.pre). Which states permit a
 * cancel is not shown (§3.1): while no cancel has succeeded yet, a refused one (4xx) is returned as
 * the property's missing premise, not its finding; once one has, the same cancel of a shipment just
 * created must succeed again, and anything but a 2xx or that first refusal fails.
 */
async function triggerCancellation(t: CheckContext, texts: Record<string, string>, cancelledBefore: boolean): Promise<{ id: number } | { refused: ApiResponse }> {
  const id = await createShipment(t, texts);
  fc.pre(id !== undefined);
  const cancelled = await t.v2.put('/restocking_shipments/{id}/cancel', { path: { id }, validate: false });
  if (cancelled.status >= 200 && cancelled.status <= 299) return { id };
  if (!cancelledBefore && cancelled.status >= 400 && cancelled.status < 500) return { refused: cancelled };
  return t.fail(cancelledBefore
    ? { title: 'Cancelling the run\'s shipped shipment succeeds, as it did earlier in the property, so that a status event is sent (§3.1)', expected: 'a 2xx', received: `status ${cancelled.status}`, response: cancelled }
    : { title: 'Cancelling a restocking shipment the run has just created answers success or a refusal (§3.1)', expected: 'a 2xx or a 4xx', received: `status ${cancelled.status}`, response: cancelled });
}

check({
  id: 'v2.properties.webhook-signatures',
  api: 'v2',
  section: '6.3',
  title: 'Webhook signatures over generated payloads: every v1 and v2 delivery of a status change the run triggers verifies over its raw bytes with the signing token',
  needs: ['webhooks', 'fixtures.warehouseId', 'fixtures.sku'],
  writes: true,
}, async (t) => {
  const settings = t.profile.webhooks!;
  const timeoutMs = settings.timeoutMs ?? 10_000;
  let judged = 0;
  // An event that never came is not this property's finding but its owner's (eventOwner), and a first
  // cancel refused is its premise missing: the property stops drawing and skips, naming either, once
  // the cases are done (a skip inside fast-check would shrink).
  let missing: StatusChange | undefined;
  let refusedCancel: ApiResponse | undefined;
  await assertProperty(t, { id: 'v2.properties.webhook-signatures', runs: 4 }, fc.asyncProperty(shipmentTextsArb, async (texts) => {
    if (missing !== undefined || refusedCancel !== undefined) return;
    const triggered = await triggerCancellation(t, texts, judged > 0);
    if ('refused' in triggered) {
      refusedCancel = triggered.refused;
      return;
    }
    const { id } = triggered;
    judged += 1;
    for (const api of ['v1', 'v2'] as const) {
      const arrived = await t.webhooks.waitFor(forResource({ api, id, status: 'cancelled' }), timeoutMs);
      if (!arrived) {
        missing = restockingCancelled(api, id);
        return;
      }
      // Every delivery about the shipment so far, retries and other sales channels included, is judged
      // with the profile's keys as the signature checks judge them (suites/support/webhook-signature.ts).
      const deliveries = t.webhooks.deliveries.filter((delivery) => delivery.api === api && recordId(delivery.resource) === id);
      const judged = deliveries.map((delivery) => ({ delivery, judgement: judgeSignature(delivery, t.profile) }));
      const wrong = judged.filter(({ judgement }) => judgement.verdict === 'wrong');
      if (wrong.length > 0) {
        t.fail({
          title: `Each ${api} delivery about shipment ${id} is signed over its raw bytes with the sales channel's signing key (§6.1, §6.3)`,
          expected: 'x-service-signature: hex HMAC-SHA256 of the raw body, keyed with the oldest valid token of the channel',
          received: wrong.map(({ delivery, judgement }) => `${api} delivery ${delivery.seq} (${delivery.rawBody.length} bytes): ${'reason' in judgement ? judgement.reason : ''}; ${'details' in judgement ? judgement.details.join('; ') : ''}`).join('\n'),
        });
      }
      if (!judged.some(({ judgement }) => judgement.verdict === 'signed')) {
        const unjudged = judged.find(({ judgement }) => judgement.verdict === 'unjudged')?.judgement;
        if (unjudged && 'reason' in unjudged) t.skip(unjudged.reason);
        t.fail({
          title: `A ${api} delivery about shipment ${id} is signed with the signing token (§6.3)`,
          expected: 'at least one delivery whose x-service-signature verifies with the signing token',
          received: `${deliveries.length} delivery(ies), none signed with it`,
        });
      }
    }
  }));
  if (refusedCancel !== undefined) requireSuccess(t, refusedCancel, 'Cancelling a restocking shipment the run had just created, to trigger a status event');
  const lost = missing as StatusChange | undefined;
  if (lost !== undefined) await failNoDelivery(t, lost, timeoutMs);
  if (judged === 0) t.skip('POST /restocking_shipments refused (400 or 422) every shipment with generated texts, so no signature over them could be judged');
});
