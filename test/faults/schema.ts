import type { faults } from '../../packages/cli/server/faults/schema.js';
import { schemaOk } from './probe.js';
import type { Catalogue } from './types.js';

/**
 * The response schema faults (§2): the checks that catch each (every answer a check gets is validated,
 * and the schema check owning the place reports it), and the probe that shows it.
 */
export const catalogue = {
  'v1-schema-order-id-string': { checks: ['v1.schema.order'], probe: async (t) => schemaOk('v1', 'GET', '/orders/101', await t.v1.get('/orders/101')), conforming: true },
  'v2-schema-order-id-string': {
    checks: ['v2.schema.order', 'v2.webhooks.order-status-updated'],
    probe: async (t) => schemaOk('v2', 'GET', '/orders/101', await t.v2.get('/orders/101')),
    conforming: true,
  },
  'v2-schema-order-reference-ids-string': {
    checks: ['v2.schema.order', 'v2.webhooks.order-status-updated'],
    probe: async (t) => schemaOk('v2', 'GET', '/orders/101', await t.v2.get('/orders/101')),
    conforming: true,
  },
  'v2-schema-order-currency-lowercase': {
    // A currency sent in capitals reads back in small letters: the generated order updates see it too.
    checks: ['v2.schema.order', 'v2.webhooks.order-status-updated', 'v2.properties.generated.orders-by-merchant-order-id-patch', 'v2.properties.generated.orders-patch'],
    probe: async (t) => schemaOk('v2', 'GET', '/orders/101', await t.v2.get('/orders/101')),
    conforming: true,
  },
  'v2-schema-order-missing-fulfillment-status': {
    checks: ['v2.schema.order', 'v2.orders.cancel.cancelled'],
    probe: async (t) => schemaOk('v2', 'GET', '/orders', await t.v2.get('/orders')),
    conforming: true,
  },
  'v2-schema-order-unknown-fulfillment-status': {
    checks: ['v2.schema.order', 'v2.orders.cancel.cancelled'],
    probe: async (t) => schemaOk('v2', 'GET', '/orders/101', await t.v2.get('/orders/101')),
    conforming: true,
  },
  // The webhook checks find their call by the status it announces (§6.1: the resource with its new status),
  // so an unknown status hides the call: the event's owner fails, the checks that only judge the call skip.
  'v1-schema-restocking-unknown-status': {
    checks: ['v1.schema.restocking-shipment', 'v1.restocking.create.shipped-201', 'v1.webhooks.restocking-status-updated'],
    probe: async (t) => schemaOk('v1', 'GET', '/restocking_shipments/902', await t.v1.get('/restocking_shipments/902')),
    conforming: true,
  },
  'v2-schema-restocking-v1-status': {
    checks: ['v2.schema.restocking-shipment'],
    probe: async (t) => schemaOk('v2', 'GET', '/restocking_shipments', await t.v2.get('/restocking_shipments')),
    conforming: true,
  },
  'v2-schema-restocking-missing-warehouse-id': {
    // The warehouse_id a generated update sends does not read back.
    checks: ['v2.schema.restocking-shipment', 'v2.webhooks.restocking-status-updated', 'v2.properties.generated.restocking-shipments-update'],
    probe: async (t) => schemaOk('v2', 'GET', '/restocking_shipments/902', await t.v2.get('/restocking_shipments/902')),
    conforming: true,
  },
  // §2: timestamps are ISO 8601 date-times; an HTTP date is a date and a time, but not that.
  'v2-schema-restocking-updated-at-not-iso': {
    checks: ['v2.schema.restocking-shipment', 'v2.webhooks.restocking-status-updated'],
    probe: async (t) => schemaOk('v2', 'GET', '/restocking_shipments/902', await t.v2.get('/restocking_shipments/902')),
    conforming: true,
  },
  // The v2 restocking shape is also the payload of the v2 restocking event (§6.2).
  'v2-schema-restocking-item-missing-quantities': {
    checks: ['v2.schema.restocking-shipment', 'v2.webhooks.restocking-status-updated'],
    probe: async (t) => Object.keys((await t.v2.get('/restocking_shipments/901', { validate: false })).body.restocking_shipment_items[0]).sort(),
    conforming: ['announced_quantity', 'arrived_quantity', 'damaged_quantity', 'missing_quantity', 'remarks', 'sku_code', 'sku_id', 'total_cost_in_cents'],
  },
  'v2-schema-restocking-announced-quantity-string': {
    checks: ['v2.schema.restocking-shipment', 'v2.webhooks.restocking-status-updated'],
    probe: async (t) => schemaOk('v2', 'GET', '/restocking_shipments/901', await t.v2.get('/restocking_shipments/901')),
    conforming: true,
  },
  'v2-schema-batch-settings-ids-string': {
    checks: ['v2.schema.inventory-batch-settings'],
    probe: async (t) => schemaOk('v2', 'PUT', '/skus/502/inventory_batch_settings', await t.v2.put('/skus/502/inventory_batch_settings', {})),
    conforming: true,
  },
  'v1-schema-sku-id-string': { checks: ['v1.schema.sku'], probe: async (t) => schemaOk('v1', 'PATCH', '/skus/501', await t.v1.patch('/skus/501', {})), conforming: true },
  'v1-schema-sku-weight-string': { checks: ['v1.schema.sku'], probe: async (t) => schemaOk('v1', 'PATCH', '/skus/501', await t.v1.patch('/skus/501', {})), conforming: true },
  'v2-schema-batch-blocked-string': {
    checks: ['v2.schema.inventory-batch'],
    probe: async (t) => schemaOk('v2', 'POST', '/skus/502/inventory_batches', await t.v2.post('/skus/502/inventory_batches', {})),
    conforming: true,
  },
  'v1-schema-pagination-string-page': { checks: ['v1.schema.pagination'], probe: async (t) => schemaOk('v1', 'GET', '/orders', await t.v1.get('/orders')), conforming: true },
  'v2-schema-next-page-url-missing': { checks: ['v2.schema.pagination'], probe: async (t) => schemaOk('v2', 'GET', '/orders', await t.v2.get('/orders')), conforming: true },
} satisfies Catalogue<typeof faults>;
