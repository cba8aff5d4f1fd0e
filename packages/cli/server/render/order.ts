import type { Faults } from '../faults/index.js';
import type { Api } from '../http/errors.js';
import type { Order } from '../store.js';

/**
 * An order as the API shows it: the §2.1 shape, used by v2 and (its field list not being shown) by v1.
 * Cancelled lines stay listed (§4.1 rule 3); the internal received time and manual flag stay inside.
 */
export function renderOrder(api: Api, order: Order, faults: Faults): Record<string, unknown> {
  const { salesChannelId, receivedAt: _receivedAt, manual: _manual, items, ...fields } = order;
  const body: Record<string, unknown> = {
    // A copy of the top level is a snapshot that outlives later changes (a webhook payload sent later):
    // an update replaces the order's nested values (address, items, metadata), never changes one in
    // place (domain/orders.ts), and nothing changes a rendered body's nested values after this. Lists
    // render up to 100 orders an answer: a deep copy of each cost a twentieth of the server's time.
    ...fields,
    sales_channel_id: salesChannelId,
    items: items.map(({ cancelled: _cancelled, ...item }) => ({ ...item })),
  };
  if (faults.has(`${api}-schema-order-id-string`)) body.id = String(order.id);
  // An order whose created_at the service set itself (a create without one) has it at its received time.
  if (faults.has(`${api}-orders-create-created-at-null`) && order.created_at === order.receivedAt) body.created_at = null;
  if (api === 'v2' && faults.has('v2-schema-order-currency-lowercase')) body.currency = order.currency.toLowerCase();
  if (api === 'v2' && faults.has('v2-schema-order-missing-fulfillment-status')) delete body.fulfillment_status;
  if (api === 'v2' && faults.has('v2-schema-order-unknown-fulfillment-status')) body.fulfillment_status = 'in_the_warehouse';
  if (api === 'v2' && faults.has('v2-schema-order-reference-ids-string')) {
    body.sales_channel_id = String(salesChannelId);
    body.items = items.map(({ cancelled: _cancelled, ...item }) => ({ ...item, sku_id: String(item.sku_id) }));
  }
  return body;
}
