// Whether what a write sent reads back unchanged (§2: bodies are JSON; a service that accepted a value
// stores it): text exactly, numbers exactly, a date-time as the same instant (to the precision the
// service writes), a date as the date written, every nested value of a free object, array items
// wherever they are listed. One judgement for the answer to the write and for a later read.
import { dateTimeInstant, hasOffset, type JsonSchema } from '@mfc-conformance/api/internal';
import { writtenStepMs } from '../../suites/support/instants.js';

/** Where a sent value reads back otherwise. */
export interface Change {
  pointer: string;
  sent: unknown;
  shown: unknown;
  /** What keeping it means there ("the same instant", "exactly"). */
  rule: string;
}

/** How a write's values are read back. */
export interface KeptOptions {
  /** v1 shows no order fields (§2.1): a field the answer leaves out is not judged there. */
  absentJudged: boolean;
  /** An update: a null sent is not judged (whether it clears or keeps is not shown), and a sent list is judged only item by item (other items may be listed beside it). */
  update: boolean;
  /** Property names never judged (their storing is not stated: priority, §2.3). */
  exempt?: readonly string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema of a property or an array's items, through `anyOf` alternatives that carry none. */
function childSchema(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  if (typeof key === 'number') return isObject(schema.items) ? (schema.items as JsonSchema) : undefined;
  return isObject(schema.properties) ? ((schema.properties as Record<string, JsonSchema>)[key]) : undefined;
}

function formatOf(schema: JsonSchema | undefined): string | undefined {
  if (schema === undefined) return undefined;
  if (typeof schema.format === 'string') return schema.format;
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [];
  return branches.some((branch) => branch.format === 'date') ? 'date' : undefined;
}

/** A free object: additionalProperties and no properties of its own (custom_metadata). */
function isFree(schema: JsonSchema | undefined): boolean {
  return schema !== undefined && !isObject(schema.properties) && schema.additionalProperties !== false && (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')));
}

/** Whether `shown` is `sent` read back, as a scalar of the schema's format. */
function scalarKept(sent: unknown, shown: unknown, schema: JsonSchema | undefined): { kept: boolean; rule: string } {
  // A property the documents leave untyped (v1 order fields, §2.1) that holds a date-time is a timestamp
  // (§2: ISO 8601 date-times), which a service may write in another legal spelling.
  const untypedDateTime = schema === undefined && typeof sent === 'string' && !Number.isNaN(dateTimeInstant(sent));
  const format = untypedDateTime ? 'date-time' : formatOf(schema);
  if (typeof sent === 'string' && format === 'date-time') {
    // Without an offset a date-time is a local time in a zone nobody names: its instant is not judged.
    if (!hasOffset(sent)) return { kept: typeof shown === 'string', rule: 'a date-time' };
    const difference = Math.abs(dateTimeInstant(sent) - dateTimeInstant(shown));
    return { kept: difference < writtenStepMs(shown), rule: 'the same instant (to the precision the service writes)' };
  }
  if (typeof sent === 'string' && format === 'date') return { kept: shown === sent.slice(0, 10), rule: 'the date written (§4.1: of a date-time, its date)' };
  if (typeof sent === 'number' && typeof shown === 'string') return { kept: String(sent) === shown, rule: 'the number as its text (§4.1 v1: a number for a string is stored as its text)' };
  if (typeof sent === 'string' && typeof shown === 'number' && /^-?[0-9]+(\.[0-9]+)?$/.test(sent)) return { kept: Number(sent) === shown, rule: 'the number a numeric string spells (§4.1 v1)' };
  if (typeof sent === 'number' && typeof shown === 'number') return { kept: Object.is(sent, shown) || sent === shown, rule: 'exactly the number sent' };
  return { kept: sent === shown, rule: 'exactly as sent' };
}

/**
 * The first value of `sent` that `shown` does not keep, or undefined. `schema` is the request body's, for
 * the formats; arrays are matched item by item wherever the service lists them (their order is not stated).
 */
export function firstChange(sent: unknown, shown: unknown, schema: JsonSchema | undefined, options: KeptOptions, pointer = ''): Change | undefined {
  if (sent === null) {
    if (options.update || shown === null || (shown === undefined && pointer !== '')) return undefined;
    return { pointer, sent, shown, rule: 'null as sent' };
  }
  if (shown === undefined) return options.absentJudged ? { pointer, sent, shown: 'nothing', rule: 'present: a value accepted is stored' } : undefined;
  if (isFree(schema)) {
    return JSON.stringify(canonical(sent)) === JSON.stringify(canonical(shown)) ? undefined : { pointer, sent, shown, rule: 'every nested key and value as sent' };
  }
  if (Array.isArray(sent)) {
    if (!Array.isArray(shown)) return { pointer, sent, shown, rule: 'the list sent' };
    const left = [...shown];
    for (const [index, item] of sent.entries()) {
      const at = left.findIndex((candidate) => firstChange(item, candidate, childSchema(schema, index), { ...options, update: false }, `${pointer}/${index}`) === undefined);
      if (at === -1) return { pointer: `${pointer}/${index}`, sent: item, shown, rule: 'listed as sent' };
      left.splice(at, 1);
    }
    if (!options.update && left.length > 0) return { pointer, sent: `${sent.length} item(s)`, shown: `${shown.length} item(s)`, rule: 'the items sent, no more' };
    return undefined;
  }
  if (isObject(sent)) {
    if (!isObject(shown)) return { pointer, sent, shown, rule: 'an object' };
    for (const [key, value] of Object.entries(sent)) {
      if (options.exempt?.includes(key)) continue;
      const change = firstChange(value, shown[key], childSchema(schema, key), options, `${pointer}/${key}`);
      if (change) return change;
    }
    return undefined;
  }
  const { kept, rule } = scalarKept(sent, shown, schema);
  return kept ? undefined : { pointer, sent, shown, rule };
}

/** A JSON value with its object keys sorted, so two objects compare by content. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));
}
