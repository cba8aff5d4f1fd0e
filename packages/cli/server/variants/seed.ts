import type { VariantDefinition } from './types.js';

/**
 * How much data the accounts hold (§4.1, §4.2: lists are paginated; nothing bounds how many records
 * exist, nor says any must): a merchant with much data, or a fresh database with none yet.
 */
export const variants = [
  { name: 'seed-empty', section: '4.1', group: 'seed-size', description: 'a fresh database, as a server under test starts in CI: merchants, channels, tokens, warehouses, SKUs and the default batch settings, and no order, shipment, return, restocking shipment or inventory batch' },
  { name: 'seed-large-merchant', section: '4.1', group: 'seed-size', description: 'the primary merchant has 3000 more orders on the primary channel (ids 1001-4000, received before the seeded ones) and 1500 more restocking shipments (ids 1001-2500) in every status' },
] as const satisfies readonly VariantDefinition[];
