import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { signBody } from '../../packages/cli/src/webhooks/index.js';

/** The token the receivers under test verify with. */
export const TOKEN = 'receiver-test-signing-token';

/** A v1 restocking shipment as §2.3 (v1 shape) describes it. */
export function v1RestockingShipment(id: number, status: string): Record<string, unknown> {
  return {
    id,
    merchant_id: 7,
    warehouse_id: 3,
    barcode: `RS-${id}`,
    delivery_option: 'courier',
    estimated_arrival_date: '2026-12-01',
    po_number: `po-${id}`,
    supplier_name: null,
    tracking_code: null,
    status,
    restocking_shipment_items: [{ sku_id: 501, announced_quantity: 4 }],
  };
}

/** A v2 `restocking_shipment.status_updated` envelope (§6.2) around a v2 restocking shipment. */
export function v2RestockingEnvelope(id: number, status: string, timestamp = new Date().toISOString()): Record<string, unknown> {
  return {
    event_type: 'restocking_shipment.status_updated',
    event_id: randomUUID(),
    timestamp,
    data: { id, status, warehouse_id: 3, restocking_shipment_items: [] },
  };
}

/** POSTs a body to the receiver as a provider would, signed with `token` unless told otherwise. */
export async function deliver(
  url: string,
  body: unknown,
  options: { token?: string | null; headers?: Record<string, string>; raw?: string } = {},
): Promise<{ status: number; text: string }> {
  const raw = options.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers['x-service-signature'] = signBody(raw, token);
  const response = await request(url, { method: 'POST', body: raw, headers });
  return { status: response.statusCode, text: await response.body.text() };
}
