// One function per keyword of a scalar schema: what `minimum`, `maximum`, `format`, `minLength`,
// `pattern` and `enum` allow (the plain value, the valid range, its stated edges, what §8 leaves open)
// and the values that break each of them, exactly one keyword at a time.
import fc from 'fast-check';
import type { JsonSchema } from '@mfc-conformance/api/internal';
import { breakWith, type Break } from './derived.js';
import { dateArb, dateEdges, dateTimeArb, dateTimeEdges, emailArb, emailEdges } from './formats.js';
import { iso3166Alpha2, iso4217Currencies } from './iso-codes.js';
import { LONG_TEXT_LENGTHS, longText, textEdges, unicodeTextArb } from './text.js';

/** What one keyword (or the type it refines) makes of a scalar: before nullability and presence. */
export interface ScalarDerived {
  plain: unknown;
  valid: fc.Arbitrary<unknown>;
  edges: readonly unknown[];
  /** Values past an open limit (§8 "not shown"): a refusal of them is legal. */
  limits: readonly unknown[];
  /** The plain value is one of the edges too (a fixture among fixtures): a boundary case may hold it. */
  plainIsEdge?: boolean;
  breaks: Break[];
}

const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);
// An integer without a stated maximum is drawn up to here as ordinary; past it the limit is open.
const ORDINARY_INTEGER_MAX = 1_000_000;
// Random texts stay short: long ones are the limits' (LONG_TEXT_LENGTHS), whose refusal is legal.
const ORDINARY_TEXT_LENGTH = 40;

const num = (schema: JsonSchema, keyword: string): number | undefined => (typeof schema[keyword] === 'number' ? (schema[keyword] as number) : undefined);
const unique = (values: readonly unknown[]) => [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];

/** `type: integer` with `minimum`, `maximum` and `format` int32/int64: 0, 1, the stated bounds; past int32 breaks `format`. */
export function integerKeyword(schema: JsonSchema, plainHint?: number): ScalarDerived {
  const format = schema.format as string | undefined;
  const minimum = num(schema, 'minimum') ?? (format === 'int32' ? INT32_MIN : undefined);
  const maximum = num(schema, 'maximum') ?? (format === 'int32' ? INT32_MAX : undefined);
  const low = minimum ?? -ORDINARY_INTEGER_MAX;
  const high = maximum ?? ORDINARY_INTEGER_MAX;
  const plain = Math.min(high, Math.max(low, plainHint ?? 10));
  const inRange = (value: number) => value >= low && value <= high;
  const edges = unique([0, 1, low, low + 1, high, minimum === undefined ? -1 : minimum].filter(inRange));
  const limits = maximum === undefined ? [INT32_MAX, Number.MAX_SAFE_INTEGER] : [];
  const breaks: Break[] = [];
  if (num(schema, 'minimum') !== undefined) breaks.push({ pointer: '', keyword: 'minimum', value: fc.integer({ min: Math.max(-ORDINARY_INTEGER_MAX, num(schema, 'minimum')! - 1000), max: num(schema, 'minimum')! - 1 }) });
  if (num(schema, 'maximum') !== undefined) breaks.push(breakWith('', 'maximum', [num(schema, 'maximum')! + 1]));
  if (format === 'int32') breaks.push({ pointer: '', keyword: 'format', value: fc.oneof(fc.constant(INT32_MAX + 1), fc.integer({ min: INT32_MAX + 1, max: Number.MAX_SAFE_INTEGER })) });
  return { plain, valid: fc.integer({ min: low, max: high }), edges, limits, breaks };
}

/** `type: number`: integers and fractions within ordinary magnitudes. */
export function numberKeyword(): ScalarDerived {
  return {
    plain: 1.5,
    valid: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: 0, max: 10_000, noNaN: true, noDefaultInfinity: true }).map((value) => Math.round(value * 1000) / 1000)),
    edges: [0, 0.001, 1, 12345.678],
    limits: [1e9],
    breaks: [],
  };
}

/** `type: string` with `minLength`: text from every plane, its edges, and long texts past common column sizes. */
export function textKeyword(schema: JsonSchema): ScalarDerived {
  const minLength = num(schema, 'minLength') ?? 0;
  return {
    plain: 'mfc',
    valid: unicodeTextArb(minLength, ORDINARY_TEXT_LENGTH),
    edges: textEdges(minLength).filter((text) => text.length < LONG_TEXT_LENGTHS[0]),
    limits: LONG_TEXT_LENGTHS.map(longText),
    breaks: minLength > 0 ? [breakWith('', 'minLength', [''])] : [],
  };
}

/** A pattern the documents use, with what valid means by the specification's words and what breaks it. */
interface KnownPattern {
  /** Whether the schema is this one (its pattern and, where the words matter, its description). */
  matches(schema: JsonSchema): boolean;
  plain: unknown;
  values: readonly string[];
  edges: readonly string[];
  broken: readonly string[];
}

// §2: a currency is an ISO 4217 code and a country an ISO 3166-1 code, not any capitals; a v1 number
// may be a string of digits (§4.1 v1 request body rules).
const knownPatterns: readonly KnownPattern[] = [
  {
    matches: (schema) => schema.pattern === '^[A-Z]{3}$' && /ISO 4217/.test(String(schema.description)),
    plain: 'EUR', values: iso4217Currencies, edges: ['AED', 'ZMW', 'JPY', 'KWD', 'USD'], broken: ['eur', 'EU', 'EURO', 'E1R'],
  },
  {
    matches: (schema) => schema.pattern === '^[A-Z]{2}$' && /ISO 3166-1/.test(String(schema.description)),
    plain: 'DE', values: iso3166Alpha2, edges: ['AD', 'ZW', 'US', 'GB', 'AX'], broken: ['de', 'D', 'DEU', 'D1'],
  },
];

/** `pattern`: a known one by the specification's words, else strings the pattern matches; breaks with strings it does not. */
export function patternKeyword(schema: JsonSchema): ScalarDerived {
  const known = knownPatterns.find((pattern) => pattern.matches(schema));
  if (known) return { plain: known.plain, valid: fc.constantFrom(...known.values), edges: known.edges, limits: [], breaks: [breakWith('', 'pattern', known.broken)] };
  const pattern = new RegExp(String(schema.pattern));
  const valid = fc.stringMatching(pattern, { maxLength: ORDINARY_TEXT_LENGTH });
  const [plain] = fc.sample(valid, { seed: 1, numRuns: 1 });
  const broken = ['x-not-matching', ' ', 'ü'].filter((text) => !pattern.test(text));
  return { plain, valid, edges: [], limits: [], breaks: broken.length > 0 ? [breakWith('', 'pattern', broken)] : [] };
}

/** Date-times that are not ISO 8601: a month 13, a 30 February, hour 25, another notation, a date alone, words. */
const brokenDateTimes = ['2030-13-01T00:00:00Z', '2030-02-30T10:00:00Z', '2030-01-05T25:00:00Z', '05/01/2030 08:00', '2030-01-05', 'yesterday'];
const brokenDates = ['2030-02-30', '2030-1-5', '05.01.2030', '2030-13-01', 'soon'];
const brokenEmails = ['not-an-email', 'a@', '@example.com', 'a b@example.com', 'a@example'];

/** `format` date-time, date or email: every legal spelling; breaks with values that are not one. */
export function formatKeyword(schema: JsonSchema): ScalarDerived | undefined {
  switch (schema.format) {
    case 'date-time':
      return { plain: '2030-01-05T08:00:00Z', valid: dateTimeArb, edges: dateTimeEdges, limits: [], breaks: [breakWith('', 'format', brokenDateTimes)] };
    case 'date':
      return { plain: '2030-06-01', valid: dateArb, edges: dateEdges, limits: [], breaks: [breakWith('', 'format', brokenDates)] };
    case 'email':
      return { plain: 'conformance@example.com', valid: emailArb, edges: emailEdges, limits: [], breaks: [breakWith('', 'format', brokenEmails)] };
    default:
      return undefined;
  }
}

/** `enum`: each member; breaks with a value outside it (another word, a member in capitals). */
export function enumKeyword(schema: JsonSchema): ScalarDerived {
  const members = (schema.enum as unknown[]).filter((member) => member !== null);
  const first = String(members[0]);
  const broken = ['bogus', first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase()].filter((value) => !members.includes(value));
  return { plain: members[0], valid: fc.constantFrom(...members), edges: members, limits: [], breaks: [breakWith('', 'enum', broken)] };
}

/** `type: boolean`. */
export function booleanKeyword(): ScalarDerived {
  return { plain: false, valid: fc.boolean(), edges: [true, false], limits: [], breaks: [] };
}

/** The JSON types `schema.type` names (an absent type allows every one). */
export function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  return typeof type === 'string' ? [type] : [];
}

/** `type`: values of a JSON type the schema does not allow (null is drawn apart, by the object holding the property). */
export function typeBreak(types: readonly string[]): Break | undefined {
  if (types.length === 0) return undefined;
  const allows = (type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));
  const wrong: unknown[] = [];
  if (!allows('string')) wrong.push('not a number');
  if (!allows('boolean')) wrong.push(true);
  if (!allows('object')) wrong.push({});
  if (!allows('array')) wrong.push(['x']);
  if (!allows('integer') && !allows('number') && !allows('boolean')) wrong.push(12);
  if (types.includes('integer') && !types.includes('number')) wrong.push(1.5);
  return wrong.length === 0 ? undefined : breakWith('', 'type', wrong);
}
