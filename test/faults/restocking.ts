import type { faults } from '../../packages/cli/server/faults/restocking.js';
import { statusOf } from './probe.js';
import type { Catalogue } from './types.js';

const shipment = { warehouse_id: 3, estimated_arrival_date: '2026-04-01', delivery_option: 'courier', restocking_shipment_items: [{ sku_id: 501, announced_quantity: 3 }] };
// The items' SKUs and quantities of an answered shipment, or the status of a refusal.
const items = (reply: { status: number; body: { restocking_shipment_items?: { sku_id: number; announced_quantity: number }[] } }) =>
  reply.body.restocking_shipment_items?.map(({ sku_id, announced_quantity }) => [sku_id, announced_quantity]) ?? reply.status;

/** The restocking shipment faults, v1 and v2 (§2.3, §3.1, §4.1, §4.2): the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v1-restocking-text-double-encoded': {
    checks: ['v1.restocking.create.shipped-201', 'v1.properties.generated.restocking-shipments-create', 'v1.properties.generated.restocking-shipments-update'],
    probe: async (t) => (await t.v1.post('/restocking_shipments', { ...shipment, supplier_name: 'Müller & Søn' })).body.supplier_name,
    conforming: 'Müller & Søn',
  },
  'v2-restocking-text-double-encoded': {
    checks: ['v2.restocking.create.shipped-201', 'v2.properties.generated.restocking-shipments-create', 'v2.properties.generated.restocking-shipments-update'],
    probe: async (t) => (await t.v2.post('/restocking_shipments', { ...shipment, supplier_name: 'Müller & Søn' })).body.supplier_name,
    conforming: 'Müller & Søn',
  },
  'v1-restocking-create-status-created': { checks: ['v1.restocking.create.shipped-201'], probe: async (t) => (await t.v1.post('/restocking_shipments', shipment)).body.status, conforming: 'shipped' },
  'v2-restocking-create-status-created': { checks: ['v2.restocking.create.shipped-201'], probe: async (t) => (await t.v2.post('/restocking_shipments', shipment)).body.status, conforming: 'shipped' },
  'v1-restocking-create-200': { checks: ['v1.restocking.create.shipped-201'], probe: async (t) => (await t.v1.post('/restocking_shipments', shipment)).status, conforming: 201 },
  'v1-restocking-update-any-status': {
    checks: ['v1.restocking.update.guard-422', 'v1.properties.restocking-guards'],
    probe: async (t) => (await t.v1.put('/restocking_shipments/906', { po_number: 'x' })).status,
    conforming: 422,
  },
  'v2-restocking-update-any-status': {
    checks: ['v2.restocking.update.guard-422', 'v2.properties.restocking-guards'],
    probe: async (t) => (await t.v2.put('/restocking_shipments/906', { po_number: 'x' })).status,
    conforming: 422,
  },
  'v1-restocking-update-omitted-items-kept': {
    checks: ['v1.restocking.update.omitted-items-removed'],
    probe: async (t) => (await t.v1.put('/restocking_shipments/902', { po_number: 'x' })).body.restocking_shipment_items.length,
    conforming: 0,
  },
  'v1-restocking-update-omitted-cleared': {
    checks: ['v1.restocking.update.omitted-kept'],
    probe: async (t) => (await t.v1.put('/restocking_shipments/902', { po_number: 'x' })).body.tracking_code,
    conforming: 'TRK902',
  },
  'v1-restocking-warehouse-digit-string-rejected': {
    checks: ['v1.restocking.create.warehouse-digit-string', 'v1.properties.generated.restocking-shipments-create', 'v1.properties.generated.restocking-shipments-update'],
    probe: async (t) => (await t.v1.post('/restocking_shipments', { ...shipment, warehouse_id: '3' })).status,
    conforming: 201,
  },
  'v1-restocking-arrival-date-time-rejected': {
    checks: ['v1.restocking.create.arrival-date-time', 'v1.properties.generated.restocking-shipments-create'],
    probe: async (t) => (await t.v1.post('/restocking_shipments', { ...shipment, estimated_arrival_date: '2026-04-01T10:00:00Z' })).body.estimated_arrival_date,
    conforming: '2026-04-01',
  },
  'v2-restocking-cancel-not-cancelled': {
    checks: ['v2.restocking.cancel.shipped-cancelled', 'v2.properties.restocking-guards'],
    probe: async (t) => (await t.v2.put('/restocking_shipments/902/cancel')).body.status,
    conforming: 'cancelled',
  },
  'v2-restocking-create-sku-code-wins': {
    checks: ['v2.restocking.create.sku-id-over-sku-code'],
    probe: async (t) => items(await t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ sku_id: 501, sku_code: 'TEA-GREEN', announced_quantity: 3 }] })),
    conforming: [[501, 3]],
  },
  'v2-restocking-create-sku-code-refused': {
    checks: ['v2.restocking.create.sku-code-resolved'],
    probe: async (t) => items(await t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ sku_code: 'TEA-GREEN', announced_quantity: 3 }] })),
    conforming: [[502, 3]],
  },
  'v2-restocking-create-arrival-date-optional': {
    checks: ['v2.restocking.create.required-properties'],
    probe: async (t) => (await t.v2.post('/restocking_shipments', { ...shipment, estimated_arrival_date: undefined })).status,
    conforming: 422,
  },
  'v2-restocking-negative-quantity-accepted': {
    checks: ['v2.restocking.items.negative-quantity-refused'],
    probe: async (t) => [
      (await t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ sku_id: 501, announced_quantity: -1 }] })).status,
      (await t.v2.put('/restocking_shipments/902', { restocking_shipment_items: [{ sku_id: 501, announced_quantity: -1 }] })).status,
    ],
    conforming: [422, 422],
  },
  'v2-restocking-update-items-merged': {
    checks: ['v2.restocking.update.items-replaced'],
    probe: async (t) => items(await t.v2.put('/restocking_shipments/902', { restocking_shipment_items: [{ sku_id: 501, announced_quantity: 4 }] })),
    conforming: [[501, 4]],
  },
  'v2-restocking-priority-missing': {
    checks: ['v2.restocking.priority-in-answers'],
    probe: async (t) => [typeof (await t.v2.post('/restocking_shipments', shipment)).body.priority, typeof (await t.v2.put('/restocking_shipments/902', { po_number: 'P' })).body.priority],
    conforming: ['boolean', 'boolean'],
  },
  'v2-restocking-create-announced-quantity-optional': {
    checks: ['v2.restocking.create.item-without-announced-quantity-refused'],
    probe: async (t) => items(await t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ sku_id: 501 }] })),
    conforming: 422,
  },
  'v2-restocking-create-item-without-sku-accepted': {
    checks: ['v2.restocking.create.item-without-sku-refused'],
    probe: (t) => statusOf(t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ announced_quantity: 3 }] })),
    conforming: 422,
  },
  'v1-restocking-update-batches-listed': {
    checks: ['v1.restocking.update.items-without-batches'],
    probe: async (t) => (await t.v1.put('/restocking_shipments/902', { restocking_shipment_items: [{ sku_id: 501, announced_quantity: 2 }] })).body.restocking_shipment_items[0].inventory_batches,
    conforming: [],
  },
  'v1-restocking-create-foreign-warehouse-accepted': {
    checks: ['v1.restocking.create.foreign-warehouse-422'],
    probe: (t) => statusOf(t.v1.post('/restocking_shipments', { ...shipment, warehouse_id: 7 })),
    conforming: 422,
  },
  'v1-restocking-create-unknown-delivery-option-accepted': {
    checks: ['v1.restocking.create.delivery-option-422'],
    probe: (t) => statusOf(t.v1.post('/restocking_shipments', { ...shipment, delivery_option: 'teleport' })),
    conforming: 422,
  },
  'v1-restocking-update-extra-property-422': {
    checks: ['v1.restocking.update.extra-properties-allowed'],
    probe: (t) => statusOf(t.v1.put('/restocking_shipments/902', { po_number: 'P', mfc_extra: 1 })),
    conforming: 200,
  },
} satisfies Catalogue<typeof faults>;
