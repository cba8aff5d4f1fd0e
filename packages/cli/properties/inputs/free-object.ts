// A free JSON object (§2.1 custom_metadata: "free JSON object", additionalProperties true and no
// properties): any keys, any JSON values, nested. What a client writes there must read back as it
// was, every nested value included: a service that flattens it, stringifies a nested value, drops a
// null, rounds a number or rewrites an odd key has changed it.
import fc from 'fast-check';
import { characterArb } from './text.js';

const keyArb = fc.string({ unit: characterArb, minLength: 0, maxLength: 12 });
const leafArb = fc.oneof(
  fc.string({ unit: characterArb, maxLength: 12 }),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((value) => !Object.is(value, -0)),
  fc.boolean(),
  fc.constant(null),
);

/** A free object with up to four keys of any script, nesting objects and arrays up to three levels. */
export const freeObjectArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leafArb, tie('object'), tie('array')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(keyArb, tie('value'), { maxKeys: 4, noNullPrototype: true }),
})).object as fc.Arbitrary<Record<string, unknown>>;

// JSON text, so that keys such as __proto__ are own data properties as a service's parser makes them.
const edgeTexts = [
  '{}',
  '{"": "empty key", " ": "space", "a.b": 1, "a/b~c": true, "ключ": "значение", "📦": null, "__proto__": {"x": 1}, "constructor": "c", "$ref": "#/x", "1": [1, "two", null, {"nested": []}]}',
  '{"level1": {"level2": {"level3": {"level4": {"level5": ["deep", {"x": -0.5, "y": null}]}}}}}',
  '{"numbers": [0, -1, 2147483647, -2147483648, 9007199254740991, -9007199254740991, 1.5, 1e-7, 12345.678, 1e300]}',
  '{"empty": {}, "list": [], "text": "", "nulls": [null, null], "mixed": [[], {}, [[]], {"a": {}}]}',
];

/** Free objects at the edges: empty, odd keys, deep nesting, numbers at their limits, empty containers and nulls. */
export function freeObjectEdges(): Record<string, unknown>[] {
  return edgeTexts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** Nested `depth` levels deep, the innermost holding a value; past the nesting common parsers allow by default. */
function nested(depth: number): Record<string, unknown> {
  return JSON.parse(`${'{"d":'.repeat(depth - 1)}{"leaf": "deep"}${'}'.repeat(depth - 1)}`) as Record<string, unknown>;
}

/** Free objects past what §8 leaves open (body size, nesting): many keys, deep nesting. */
export function freeObjectLimits(): Record<string, unknown>[] {
  return [Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`key-${index}`, index])), nested(20)];
}
