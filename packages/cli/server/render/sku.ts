import type { Faults } from '../faults/index.js';
import type { InventoryBatch, Sku, Store } from '../store.js';

/** The v1 SKU (§2.6), with both cost spellings and the current inventory. */
export function renderSkuV1(store: Store, sku: Sku, faults: Faults): Record<string, unknown> {
  const { salesChannelId: _channel, stocked, reserved, ...fields } = sku;
  const batches = [...store.inventoryBatches.values()].filter((b) => b.skuId === sku.id && b.status === 'active');
  return {
    ...structuredClone(fields),
    ...(faults.has('v1-schema-sku-id-string') ? { id: String(sku.id) } : {}),
    cost_in_cent: faults.has('v1-skus-cost-in-cent-in-units') ? Math.round(sku.cost_in_cents / 100) : sku.cost_in_cents,
    weight_in_kg: faults.has('v1-schema-sku-weight-string') ? String(sku.weight_in_kg) : sku.weight_in_kg,
    inventory: { stocked, reserved, total: stocked + reserved },
    // Element fields are not shown (§2.6); ours name the place and the count.
    inventory_per_warehouse: stocked + reserved > 0 ? [{ warehouse_id: 1, stocked, reserved, total: stocked + reserved }] : [],
    inventory_batches: batches.map((b) => ({ inventory_batch_id: b.id, lot_number: b.lot_number, stocked: 0 })),
  };
}

/** The v2 inventory batch (§2.4). */
export function renderInventoryBatch(batch: InventoryBatch, faults: Faults): Record<string, unknown> {
  const { skuId: _sku, ...fields } = batch;
  const body: Record<string, unknown> = { ...fields };
  if (faults.has('v2-schema-batch-blocked-string')) body.blocked = String(batch.blocked);
  return body;
}
