import type { VariantDefinition } from './types.js';

/** Stricter bodies where the required fields or the bounds are not shown, and responses with extra fields. */
export const variants = [
  { name: 'v1-orders-create-strict', section: '2.1', description: 'v1 POST /orders requires currency, financial_status, the five total_* fields and price_per_unit_in_cents on every item (422 naming what is missing); the v1 create field list is not shown' },
  { name: 'v2-orders-create-strict', section: '2.1', description: 'v2 POST /orders requires currency, financial_status and the five total_* fields (required in the §2.1 Order) instead of defaulting them (422 naming what is missing)' },
  { name: 'v2-batch-settings-strict', section: '4.2', description: 'PUT /skus/{sku_id}/inventory_batch_settings refuses a body of no field and an action_weeks_before_expiry above 52 (a year) with 422; neither the bounds nor a least body are shown' },
  { name: 'responses-extra-fields', section: '2', description: 'every JSON object the server answers or sends (resources, items, addresses, pagination, error bodies, webhook payloads and envelopes) carries an extra field the specification does not name' },
] as const satisfies readonly VariantDefinition[];
