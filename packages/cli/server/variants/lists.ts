import type { VariantDefinition } from './types.js';

/** When a write shows in a list (§4.1 and §4.2 say nothing of it): lists served from an index that trails the writes. */
export const variants = [
  { name: 'lists-lag-behind-writes', section: '4.1', description: 'every list (v1 and v2 orders, v1 shipments, v2 restocking shipments) is served from an index that trails the writes by 1.5 s: a record created within it is not listed yet, one changed within it is listed as it was; reads by id see every write at once' },
] as const satisfies readonly VariantDefinition[];
