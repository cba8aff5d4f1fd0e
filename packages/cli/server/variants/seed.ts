import type { VariantDefinition } from './types.js';

/** A merchant with much data (§4.1, §4.2: lists are paginated; nothing bounds how many records exist). */
export const variants = [
  { name: 'seed-large-merchant', section: '4.1', description: 'the primary merchant has 3000 more orders on the primary channel (ids 1001-4000, received before the seeded ones) and 1500 more restocking shipments (ids 1001-2500) in every status' },
] as const satisfies readonly VariantDefinition[];
