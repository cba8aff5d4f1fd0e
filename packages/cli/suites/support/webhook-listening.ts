// The webhook events a run cannot trigger (§6.1 shipment, delivery and return events; §6.2 shipment
// events): the checks judge whatever of them arrives while they listen, and skip when nothing does.
import type { CheckContext } from '../../src/checks/index.js';
import type { SkuFixture, TargetProfile } from '../../src/profile/index.js';
import type { Delivery } from '../../src/webhooks/index.js';
import { v2OrderBody } from './v2-orders.js';
import { judgeSignature } from './webhook-signature.js';
import { describeDelivery, receivedDelivery, watch, webhookTimings } from './webhooks.js';
import { cancelAtEnd } from './cancel.js';

/**
 * Unless such a delivery came already (the run's other orders gave occasion), creates an order of the
 * run on the primary channel (fulfilling orders is what moves shipments, so it gives the service
 * occasion to send such events), then waits up to `webhooks.timeoutMs` for a
 * delivery `isWanted` accepts, and `promptMs` more for the others of the same moment (the v1 and v2
 * calls of one change). Resolves to every such delivery received so far; skips the check when none
 * arrived, naming `what` was listened for.
 */
export async function listenFor(t: CheckContext, isWanted: (delivery: Delivery) => boolean, what: string): Promise<Delivery[]> {
  const { timeoutMs } = webhookTimings(t);
  if (!t.webhooks.deliveries.some(isWanted)) {
    // Only an occasion: the answer is not judged here (v2.orders.* do), and a refused create still leaves
    // time for events the service sends on its own.
    const created = await t.v2.post('/orders', { body: v2OrderBody(t, t.fixtures.salesChannelId, t.fixtures.sku as SkuFixture), validate: false });
    const id: unknown = created.body?.id;
    if (created.status >= 200 && created.status < 300 && id !== undefined) cancelAtEnd(t, 'orders', String(id));
  }
  const first = await t.webhooks.waitFor(isWanted, timeoutMs);
  if (first === undefined) return t.skip(`no ${what} arrived within ${timeoutMs} ms (webhooks.timeoutMs); the run cannot trigger one`);
  await watch(webhookTimings(t).promptMs);
  return t.webhooks.deliveries.filter(isWanted);
}

/** The findings about one delivery, or none. */
export type Judge = (delivery: Delivery) => string[];

/**
 * Fails the check listing every delivery with findings, one line per delivery, then the first of
 * them in full (headers, body); without findings, skips it when a signature could not be judged
 * (no webhooks.signingToken, `judgeSignature`), since the check covers the signature too.
 */
export function expectNoFindings(t: CheckContext, deliveries: readonly Delivery[], judge: Judge, title: string, expected: string): void {
  const findings = deliveries.map((delivery) => ({ delivery, problems: judge(delivery) })).filter(({ problems }) => problems.length > 0);
  if (findings.length > 0) {
    const lines = findings.map(({ delivery, problems }) => `${describeDelivery(delivery)}: ${problems.join('; ')}`);
    t.fail({ title, expected, received: receivedDelivery(t, findings[0]!.delivery, `${lines.join(' | ')}\nthe first of them:`) });
  }
  // The signature is judged once one call is signed with the signing key: the others may be copies for
  // another sales channel (§6.1), keyed with its token.
  const signatures = deliveries.map((delivery) => judgeSignature(delivery, t.profile));
  const unjudged = signatures.find((signature) => signature.verdict === 'unjudged');
  if (unjudged !== undefined && !signatures.some((signature) => signature.verdict === 'signed')) {
    t.skip(`the other rules hold for ${deliveries.length} call(s), but ${unjudged.reason}`);
  }
}

/** §6.3 point 1: the finding when a call's x-service-signature is wrong (`judgeSignature`); one that cannot be judged is none. */
export function signatureFinding(delivery: Delivery, profile: TargetProfile): string[] {
  if (delivery.refusal !== undefined) return ['x-service-signature not checked (no JSON body)'];
  const signature = judgeSignature(delivery, profile);
  return signature.verdict === 'wrong' ? [signature.reason] : [];
}
