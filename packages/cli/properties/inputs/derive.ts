// The orchestrator: a schema of the documents becomes what it allows and forbids (`Derived`), keyword
// by keyword (scalars.ts, structures.ts), with what the specification's words say beyond the schema
// (words.ts). What a schema does not state is never broken: every break is one the documents'
// validators see.
import fc from 'fast-check';
import type { JsonSchema } from '@mfc-conformance/api/internal';
import { breakWith, edgeFrom, validOneof, type Break, type Derived } from './derived.js';
import { booleanKeyword, enumKeyword, formatKeyword, integerKeyword, numberKeyword, patternKeyword, textKeyword, typeBreak, typesOf, type ScalarDerived } from './scalars.js';
import { freeObjectKeyword, itemsKeyword, propertiesKeyword, type Distinct } from './structures.js';
import type { Words } from './words.js';

/** Where a schema sits: the property's name (absent for a body or an array's items) and what the words say of names. */
export interface Place {
  name?: string;
  words: Words;
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A scalar's derivation as a `Derived`: valid values and edges shrinking to the plain value. */
function fromScalar(scalar: ScalarDerived, nullable: boolean): Derived {
  return {
    plain: scalar.plain,
    full: scalar.plain,
    valid: validOneof(scalar.plain, scalar.valid),
    boundary: scalar.plainIsEdge ? fc.constantFrom(...scalar.edges) : edgeFrom(scalar.plain, scalar.edges),
    ...(scalar.limits.length === 0 ? {} : { limits: edgeFrom(scalar.plain, scalar.limits) }),
    breaks: scalar.breaks,
    nullable,
  };
}

/** Several scalar readings of one value (a union of types, or `anyOf` formats): valid in any of them. */
function unionOf(parts: readonly ScalarDerived[], breaks: Break[]): ScalarDerived {
  return {
    plain: parts[0]!.plain,
    valid: fc.oneof(...parts.map((part) => part.valid)),
    edges: parts.flatMap((part) => part.edges),
    limits: parts.flatMap((part) => part.limits),
    breaks,
  };
}

/** The scalar keywords of one non-null type of `schema`. */
function scalarOfType(type: string, schema: JsonSchema, plainHint: number | undefined): ScalarDerived | undefined {
  if (schema.enum !== undefined) return enumKeyword(schema);
  switch (type) {
    case 'integer':
      return integerKeyword(schema, plainHint);
    case 'number':
      return numberKeyword();
    case 'boolean':
      return booleanKeyword();
    case 'string':
      if (typeof schema.pattern === 'string') return patternKeyword(schema);
      return formatKeyword(schema) ?? textKeyword(schema);
    default:
      return undefined;
  }
}

/** A string whose `anyOf` alternatives name formats (v1 estimated_arrival_date: a date or a date-time). */
function formatAlternatives(schema: JsonSchema): ScalarDerived | undefined {
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [];
  const formats = branches.map((branch) => formatKeyword(branch)).filter((part): part is ScalarDerived => part !== undefined);
  if (formats.length === 0 || formats.length !== branches.length) return undefined;
  // A value no alternative accepts breaks anyOf; the validators report that keyword alone.
  const broken = [...new Set(formats.flatMap((part) => part.breaks.flatMap(() => ['yesterday', '2030-13-01'])))];
  return unionOf(formats, [breakWith('', 'anyOf', broken)]);
}

/** Derives what `schema` allows and forbids at `place`. */
export function deriveSchema(schema: JsonSchema, place: Place): Derived {
  const word = place.name === undefined ? undefined : place.words(place.name, schema);
  const types = typesOf(schema);
  const nullable = types.includes('null') || (Array.isArray(schema.enum) && schema.enum.includes(null));
  const typeBroken = typeBreak(types.filter((type) => type !== 'null'));
  const wrongType = typeBroken === undefined ? [] : [typeBroken];

  if (types.includes('array') && isObject(schema.items)) {
    const items = deriveSchema(schema.items, { words: place.words });
    const derived = itemsKeyword(schema, items, word?.distinct ?? uniqueKeyOf(schema.items));
    return { ...derived, breaks: [...wrongType, ...derived.breaks], nullable };
  }
  if (types.includes('object') || isObject(schema.properties)) {
    const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
    const kept = Object.entries(properties).filter(([name, property]) => !place.words(name, property)?.leftOut);
    if (kept.length === 0 && schema.additionalProperties !== false) return { ...freeObjectKeyword(), breaks: wrongType, nullable };
    const derived = propertiesKeyword(schema, Object.fromEntries(kept.map(([name, property]) => [name, deriveSchema(property, { name, words: place.words })])));
    return { ...derived, breaks: [...wrongType, ...derived.breaks], nullable };
  }

  const alternatives = formatAlternatives(schema);
  const readings = alternatives === undefined
    ? types.filter((type) => type !== 'null').map((type) => scalarOfType(type, schema, word?.plainInteger)).filter((part): part is ScalarDerived => part !== undefined)
    : [alternatives];
  if (readings.length === 0) throw new Error(`cannot derive inputs for ${place.name ?? 'a value'}: ${JSON.stringify(schema).slice(0, 120)}`);
  const scalar = readings.length === 1 ? readings[0]! : unionOf(readings, readings.flatMap((part) => part.breaks));
  // The words refine what is valid (a fixture, a calendar date, an ISO code list); the breaks stay the schema's.
  const refined: ScalarDerived = { ...scalar, ...word?.scalar, breaks: [...wrongType, ...scalar.breaks] };
  return fromScalar(refined, nullable);
}

/** The property of an array's items that the documents call unique among them ("Unique among the line items"). */
function uniqueKeyOf(items: JsonSchema): Distinct | undefined {
  const properties = isObject(items.properties) ? (items.properties as Record<string, JsonSchema>) : {};
  const name = Object.keys(properties).find((key) => /^unique among/i.test(String(properties[key]!.description ?? '')));
  return name === undefined ? undefined : { by: (item) => (typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[name] : item), most: Infinity };
}
