import { ApiError } from '../http/errors.js';
import type { Api } from '../http/errors.js';
import type { Variants } from '../variants/index.js';
import type { OrderInput } from './orders.js';

// The §2.1 Order fields the strict-create variants require on input instead of defaulting them.
const requiredOrderFields = [
  'currency', 'financial_status', 'total_price_in_cents', 'total_tax_in_cents',
  'total_net_revenue_in_cents', 'total_net_refunds_in_cents', 'total_tax_refunds_in_cents',
] as const;

/**
 * v1-orders-create-strict / v2-orders-create-strict: answers 422 naming every missing field. v1 also
 * requires each item's price_per_unit_in_cents (its create field list is not shown); v2 does not,
 * since §2.1 marks the item price optional.
 */
export function requireStrictOrderFields(api: Api, variants: Variants, input: OrderInput): void {
  if (!variants.has(`${api}-orders-create-strict`)) return;
  const missing: string[] = requiredOrderFields.filter((field) => input[field] === undefined || input[field] === null);
  if (api === 'v1') {
    (input.items ?? []).forEach((item, i) => {
      if (item.price_per_unit_in_cents === undefined) missing.push(`items.${i}.price_per_unit_in_cents`);
    });
  }
  if (missing.length > 0) throw new ApiError(422, missing.map((field) => ({ field, message: 'is required' })));
}
