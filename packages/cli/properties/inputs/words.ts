// What the specification's words say of a property beyond what its schema can write, and the profile's
// fixtures where a value must name a record of the target. They refine what is drawn as valid; what
// is drawn as invalid stays the schema's (the validators must see every break).
import fc from 'fast-check';
import type { JsonSchema } from '@mfc-conformance/api/internal';
import type { SkuFixture } from '../../src/profile/index.js';
import { dateArb, dateEdges } from './formats.js';
import type { ScalarDerived } from './scalars.js';
import { textEdges, unicodeTextArb } from './text.js';

/** A property's refinement: its valid values, its plain integer, or that the case leaves it out. */
export interface Word {
  scalar?: Partial<Omit<ScalarDerived, 'breaks'>>;
  plainInteger?: number;
  /** The property is not generated (its meaning needs what the run does not have, or an operation ignores it). */
  leftOut?: boolean;
  /** A list whose items the words tell apart: by what, and how many distinct ones the fixtures allow. */
  distinct?: { by: (item: unknown) => unknown; most: number };
}

/** The words of every property name, for one operation. */
export type Words = (name: string, schema: JsonSchema) => Word | undefined;

/** The records a case may name: the profile's fixtures. */
export interface CaseFixtures {
  salesChannelId: number;
  warehouseId?: number;
  /** SKUs the operation may name (an order: the channel's; a restocking shipment: any of the merchant's). */
  skus: readonly SkuFixture[];
}

const fixed = (values: readonly unknown[]): Word => ({ scalar: { plain: values[0], valid: fc.constantFrom(...values), edges: values, limits: [], plainIsEdge: true } });

/**
 * The words for `fixtures`: ids and codes name the fixtures (and, in v1, also their digit strings, §4.1
 * v1 request body rules); a merchant order id is a suffix the case adds to the run's unique id (so a
 * case never collides with another, and cleanup finds it by the run's marker); money is int32 >= 0 (§8)
 * where a document leaves the bound out; an estimated arrival date is a date (§2.3); the settings whose
 * value sets are not shown take the values the specification shows (§2.5); shelf lives are weeks, up to
 * a year as every service takes them, beyond it an open limit; `leftOut` names what the operation does
 * not generate.
 */
export function specWords(api: 'v1' | 'v2', fixtures: CaseFixtures, leftOut: readonly string[] = []): Words {
  const spellings = (ids: readonly number[]): unknown[] => (api === 'v1' ? [...ids, ...ids.map(String)] : [...ids]);
  const skuIds = spellings(fixtures.skus.map((sku) => sku.id));
  return (name, schema) => {
    if (leftOut.includes(name)) return { leftOut: true };
    switch (name) {
      case 'sku_id':
        return fixed(skuIds);
      case 'sku_code':
        return fixed(fixtures.skus.map((sku) => sku.sku_code));
      case 'warehouse_id':
        return fixtures.warehouseId === undefined ? { leftOut: true } : fixed(spellings([fixtures.warehouseId]));
      case 'sales_channel_id':
        return fixed([fixtures.salesChannelId]);
      case 'merchant_order_id':
        return { scalar: { plain: '', valid: unicodeTextArb(0, 20), edges: textEdges(0).filter((text) => text.length < 256), limits: [] } };
      case 'estimated_arrival_date':
        return schema.format === undefined && schema.anyOf === undefined ? { scalar: { plain: '2030-06-01', valid: dateArb, edges: dateEdges, limits: [] } } : undefined;
      case 'batch_priority':
        return fixed(['first_expired_first_out']);
      case 'expiry_follow_up_action':
        return fixed(['block_only']);
      case 'announced_quantity':
        return api === 'v1' ? { scalar: { plain: 5, valid: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }).map(String)), edges: [0, 1, '0', '7'], limits: [2 ** 31 - 1] } } : { plainInteger: 5 };
      case 'page':
        // From 1 (§4.1), past the last page an empty one (int32's largest too); past int32 the range is open.
        return { scalar: { plain: 1, valid: fc.integer({ min: 1, max: 1000 }), edges: [1, 2, 99_999, 2 ** 31 - 1], limits: [2 ** 31, Number.MAX_SAFE_INTEGER] } };
      case 'limit':
        // v1: default 20, above 100 treated as 100 (§4.1, §8); below 1 not stated. v2: default and maximum not shown.
        return api === 'v1'
          ? { scalar: { plain: 20, valid: fc.integer({ min: 1, max: 500 }), edges: [1, 20, 99, 100, 101, 1000], limits: [0, -1, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER] } }
          : { scalar: { plain: 10, valid: fc.integer({ min: 1, max: 100 }), edges: [1, 10, 25, 100, 101], limits: [0, -1, 2 ** 31 - 1] } };
      case 'weight_in_kg':
        // A weight in kilograms (§2.6): not below zero, as a number or its numeric string (§4.1).
        return { scalar: { plain: 1.5, valid: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 100_000 }).map((grams) => String(grams / 1000))), edges: [0, 0.001, '0.5', '12', 1000], limits: [1e9] } };
      case 'restocking_shipment_items':
        // Whether a shipment may hold two lines of one SKU is not stated (a service may merge or refuse
        // them): each line names another of the SKUs the fixtures give.
        return { distinct: { by: (item) => (item as { sku_id?: unknown } | null)?.sku_id, most: fixtures.skus.length } };
      case 'inventory_batch_id':
        // Names a batch of the item's SKU; no profile fixture holds one, and its requirement is not shown.
        return { leftOut: true };
      default:
        break;
    }
    if (/_in_cents?$/.test(name) && schema.minimum === undefined) return { scalar: { plain: 1190, valid: fc.integer({ min: 0, max: 2 ** 31 - 1 }), edges: [0, 1, 2 ** 31 - 1], limits: [] } };
    if (/_in_cents?$/.test(name)) return { plainInteger: 1190 };
    if (/_weeks(_before_expiry)?$/.test(name)) return { scalar: { plain: 4, valid: fc.integer({ min: 0, max: 52 }), edges: [0, 1, 52], limits: [53, 520, 2 ** 31 - 1] } };
    if (name === 'quantity') return { plainInteger: 1 };
    return undefined;
  };
}
