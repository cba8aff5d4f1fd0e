// Query parameters as one input: the operation's parameters in the query become the properties of one
// object schema (required where the document says so), derived like a body. A query carries text: a
// value that is not a string is sent as its text, and a break must be one a query can carry.
import type { DocumentParameter, JsonSchema } from '@mfc-conformance/api/internal';
import type { Query } from '../../src/checks/index.js';
import { ABSENT, breakWith, type Break, type Derived } from './derived.js';

/** The query parameters of an operation as one object schema. */
export function querySchema(parameters: readonly DocumentParameter[]): JsonSchema {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((parameter) => [parameter.name, { ...parameter.schema, ...(parameter.description ? { description: parameter.description } : {}) }])),
    required: query.filter((parameter) => parameter.required === true).map((parameter) => parameter.name),
  };
}

/** Whether a drawn value can be sent in a query (a string or a number; objects, lists, booleans and null cannot). */
export function inQuery(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number';
}

/** `derived` for a query: each break keeps the values a query can carry (a value left out too), and a break with none is dropped. */
export function forQuery(derived: Derived): Derived {
  // A query is an object of parameters by nature: only its parameters can be broken.
  const breaks = derived.breaks.filter((entry) => entry.pointer !== '').flatMap((entry): Break[] => {
    if (entry.values === undefined) return [entry];
    // In a query every value is text: a whole number sent for a text parameter is that text, no break.
    const carried = entry.values.filter((value) => value === ABSENT || (inQuery(value) && !(entry.keyword === 'type' && Number.isInteger(value))));
    return carried.length === 0 ? [] : [breakWith(entry.pointer, entry.keyword, carried)];
  });
  return { ...derived, breaks };
}

/** A drawn query as sent: each value as its text. */
export function queryOf(input: unknown): Query {
  const entries = Object.entries((input ?? {}) as Record<string, unknown>).filter(([, value]) => inQuery(value));
  return Object.fromEntries(entries.map(([name, value]) => [name, String(value)]));
}
