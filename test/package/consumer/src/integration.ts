// A small integration as another project writes it against the packed `@mfc-conformance/api`: the
// typed client, the types, the validators, the webhook verifier in a `node:http` handler (the header as
// `request.headers` gives it) and a bundled document, each through its export.
import { createServer, type IncomingMessage } from 'node:http';
import { createClient } from '@mfc-conformance/api/client';
import type { RestockingShipment as V1RestockingShipment } from '@mfc-conformance/api/v1';
import type { Order, RestockingShipmentCreate, RestockingShipmentStatusUpdated } from '@mfc-conformance/api/v2';
import { validateSchema } from '@mfc-conformance/api/validators';
import { parseEvent, SIGNATURE_HEADER, UpdateLedger, updateKeyOf, verifySignature } from '@mfc-conformance/api/webhooks';
import v2Document from '@mfc-conformance/api/openapi/v2.json' with { type: 'json' };

/** What the integration saw, printed as JSON for the test. */
export interface Outcome {
  v1Orders: number;
  v2Orders: number;
  createdStatus: number;
  createdValid: boolean;
  documentVersion: string;
  webhook: { signatureValid: boolean; eventType: string | undefined; resourceId: unknown; duplicateSkipped: boolean };
}

/** The target as `mfc serve --profile-out` describes it. */
export interface Target {
  baseUrl: string;
  token: string;
  signingToken: string;
  warehouseId: number;
  skuId: number;
  webhookPort: number;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Lists orders of both versions through the iterators, creates and cancels a v2 restocking shipment, and verifies the webhook that follows. */
export async function integrate(target: Target): Promise<Outcome> {
  const ledger = new UpdateLedger();
  let resolveDelivery: (outcome: Outcome['webhook']) => void = () => undefined;
  const delivered = new Promise<Outcome['webhook']>((resolve) => { resolveDelivery = resolve; });
  const receiver = createServer(async (request, response) => {
    const raw = await readBody(request);
    const verdict = verifySignature(raw, request.headers[SIGNATURE_HEADER], [target.signingToken]);
    const parsed = parseEvent(JSON.parse(raw.toString('utf8')) as unknown, { api: request.url?.includes('v1') ? 'v1' : 'v2' });
    response.writeHead(verdict.valid ? 204 : 401).end();
    if (!parsed.ok || !('eventType' in parsed.event) || parsed.event.eventType !== 'restocking_shipment.status_updated') return;
    const key = updateKeyOf(parsed.event);
    const first = key ? ledger.decide(key) : undefined;
    if (key) ledger.remember(key);
    const again = key ? ledger.decide(key) : undefined;
    resolveDelivery({ signatureValid: verdict.valid, eventType: parsed.event.eventType, resourceId: parsed.event.resource.id, duplicateSkipped: first !== again });
  });
  await new Promise<void>((resolve) => receiver.listen(target.webhookPort, '127.0.0.1', resolve));

  const v1 = createClient({ baseUrl: target.baseUrl, token: target.token, version: 'v1' });
  const v2 = createClient({ baseUrl: target.baseUrl, token: target.token, version: 'v2' });
  try {
    let v1Orders = 0;
    for await (const order of v1.items('/orders', { params: { query: { limit: 10 } } })) if (order) v1Orders += 1;
    let v2Orders = 0;
    for await (const order of v2.items('/orders', { params: { query: { limit: 10 } } })) if (isListed(order)) v2Orders += 1;

    const arrival = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const body: RestockingShipmentCreate = {
      delivery_option: 'postal',
      estimated_arrival_date: arrival,
      warehouse_id: target.warehouseId,
      restocking_shipment_items: [{ sku_id: target.skuId, announced_quantity: 3 }],
    };
    const created = await v2.POST('/restocking_shipments', { body });
    if (!created.ok) throw new Error(`create answered ${created.error.status}`);
    const shipmentId: number = created.data.id;
    const cancelled = await v2.PUT('/restocking_shipments/{id}/cancel', { params: { path: { id: shipmentId } } });
    if (!cancelled.ok) throw new Error(`cancel answered ${cancelled.error.status}`);

    const webhook = await Promise.race([
      delivered,
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('no webhook within 15 s')), 15_000).unref()),
    ]);
    return {
      v1Orders,
      v2Orders,
      createdStatus: created.status,
      createdValid: validateSchema('v2', 'RestockingShipment', created.data).ok,
      documentVersion: v2Document.openapi,
      webhook,
    };
  } finally {
    await Promise.all([v1.close(), v2.close()]);
    receiver.close();
  }
}

/** The v2 `Order` type where an integration names it. */
function isListed(order: Order): boolean {
  return order.id > 0;
}

/** A v1 restocking shipment payload type and a v2 event type, used as values must be. */
export function describeShipment(shipment: V1RestockingShipment, event: RestockingShipmentStatusUpdated): string {
  return `${shipment.barcode} ${shipment.delivery_option} → ${event.event_type ?? ''}`;
}
