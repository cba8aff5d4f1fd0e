// One function per keyword of a structured schema: `items` (arrays empty, of one item, of several; many
// items past §8's open item counts), `properties` with `required` (each optional property absent, null
// where nullable, present) and `anyOf` (at least one alternative holds), and a free object.
import fc from 'fast-check';
import type { JsonSchema } from '@mfc-conformance/api/internal';
import { ABSENT, breaksUnder, breakWith, edgeOneof, validOneof, type Break, type Derived } from './derived.js';
import { freeObjectArb, freeObjectEdges, freeObjectLimits } from './free-object.js';

// A few items for an ordinary array; many past it, where §8 leaves the count open.
const ORDINARY_ITEMS = 4;
const MANY_ITEMS = 25;

/** How the items of an array are told apart where the specification says they are distinct (merchant_item_id), and how many can be. */
export interface Distinct {
  by: (item: unknown) => unknown;
  most: number;
}

function arrayOf(items: fc.Arbitrary<unknown>, length: { minLength: number; maxLength: number }, distinct?: Distinct): fc.Arbitrary<unknown[]> {
  if (distinct === undefined) return fc.array(items, length);
  const most = Math.min(length.maxLength, distinct.most);
  return fc.uniqueArray(items, { minLength: Math.min(length.minLength, most), maxLength: most, selector: distinct.by });
}

/** `items`: empty where `minItems` allows, one item, several; many past the open limit; breaks inside the first item. */
export function itemsKeyword(schema: JsonSchema, items: Derived, distinct?: Distinct): Derived {
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const plain = [items.plain];
  const edges = [
    ...(minItems === 0 ? [fc.constant([])] : []),
    arrayOf(items.boundary, { minLength: 1, maxLength: 1 }, distinct),
    arrayOf(items.boundary, { minLength: 3, maxLength: 3 }, distinct),
  ];
  const limits = [arrayOf(items.valid, { minLength: MANY_ITEMS, maxLength: MANY_ITEMS }, distinct), ...(items.limits ? [arrayOf(items.limits, { minLength: 1, maxLength: 1 }, distinct)] : [])];
  return {
    plain,
    full: [items.full],
    valid: validOneof(plain, arrayOf(items.valid, { minLength: minItems, maxLength: ORDINARY_ITEMS }, distinct)),
    boundary: edgeOneof(plain, edges),
    limits: edgeOneof(plain, limits),
    breaks: breaksUnder('/0', items.breaks),
    nullable: false,
  };
}

/** A free object (additionalProperties without properties): any keys, nested values; its edges and limits. */
export function freeObjectKeyword(): Derived {
  const plain = { source: 'mfc' };
  return {
    plain,
    full: plain,
    valid: validOneof(plain, freeObjectArb),
    boundary: edgeOneof(plain, [fc.constantFrom(...freeObjectEdges())]),
    limits: edgeOneof(plain, [fc.constantFrom(...freeObjectLimits())]),
    breaks: [],
    nullable: false,
  };
}

/** An alternative of `anyOf` as the documents write them: the properties it requires. */
function alternativesOf(schema: JsonSchema): string[][] {
  const anyOf = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [];
  return anyOf.map((branch) => (Array.isArray(branch.required) ? (branch.required as string[]) : []));
}

/** Whether `value` holds one of the alternatives: each property it requires present and not null. */
function holdsAlternative(value: Record<string, unknown>, alternatives: readonly string[][]): boolean {
  return alternatives.length === 0 || alternatives.some((required) => required.every((name) => value[name] !== undefined && value[name] !== null));
}

/** What one property of an object is drawn from: present always when required (null too where nullable), else absent, null (where nullable) or present. */
function presence(property: Derived, required: boolean, draw: 'valid' | 'boundary'): fc.Arbitrary<unknown> {
  if (required && !property.nullable) return property[draw];
  if (required) return draw === 'valid' ? fc.oneof({ withCrossShrink: true }, { arbitrary: property.valid, weight: 3 }, { arbitrary: fc.constant(null), weight: 1 }) : edgeOneof(property.plain, [fc.constant(null), property.boundary]);
  if (draw === 'valid') {
    return fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(ABSENT), weight: 2 }, ...(property.nullable ? [{ arbitrary: fc.constant(null), weight: 1 }] : []), { arbitrary: property.valid, weight: 3 });
  }
  return edgeOneof(ABSENT, [...(property.nullable ? [fc.constant(null)] : []), property.boundary]);
}

/**
 * `properties`, `required` and `anyOf`: the plain object holds the required properties and the first
 * alternative; a drawn one each optional property absent, null or present, and an alternative made to
 * hold where none does. Breaks: each required property left out (or null where not nullable), every
 * property's own breaks, and every alternative's properties left out.
 */
export function propertiesKeyword(schema: JsonSchema, properties: Readonly<Record<string, Derived>>): Derived {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const alternatives = alternativesOf(schema);
  const names = Object.keys(properties);
  const repair = (value: Record<string, unknown>): Record<string, unknown> => {
    if (holdsAlternative(value, alternatives)) return value;
    return { ...value, ...Object.fromEntries(alternatives[0]!.map((name) => [name, properties[name]!.plain])) };
  };
  const build = (entries: readonly unknown[]): Record<string, unknown> => repair(Object.fromEntries(names.map((name, index) => [name, entries[index]]).filter(([, value]) => value !== ABSENT)));
  const plain = build(names.map((name) => (required.has(name) ? properties[name]!.plain : ABSENT)));
  const drawn = (draw: 'valid' | 'boundary') => fc.tuple(...names.map((name) => presence(properties[name]!, required.has(name), draw))).map(build);
  const limited = names.filter((name) => properties[name]!.limits !== undefined);
  const breaks: Break[] = names.flatMap((name) => [
    ...breaksUnder(`/${name}`, properties[name]!.breaks),
    ...(required.has(name) ? [breakWith(`/${name}`, 'required', [ABSENT])] : []),
    ...(required.has(name) && !properties[name]!.nullable ? [breakWith(`/${name}`, 'type', [null])] : []),
  ]);
  if (alternatives.length > 0) {
    const dropped = [...new Set(alternatives.flat())];
    breaks.push({
      pointer: '', keyword: 'anyOf', value: fc.constant(undefined),
      change: (current) => Object.fromEntries(Object.entries(current as Record<string, unknown>).filter(([name]) => !dropped.includes(name))),
    });
  }
  return {
    plain,
    full: Object.fromEntries(names.map((name) => [name, properties[name]!.full])),
    valid: drawn('valid'),
    boundary: drawn('boundary'),
    // Past the open limits: one property's limits at a time over the plain object, so a refusal names it.
    ...(limited.length === 0 ? {} : {
      limits: fc.noShrink(fc.constantFrom(...limited)).chain((name) => properties[name]!.limits!.map((value) => ({ ...plain, [name]: value }))),
    }),
    breaks,
    nullable: false,
  };
}
