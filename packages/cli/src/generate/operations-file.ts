import type { Catalog } from './catalog.js';
import { generatedHeader } from './header.js';

// Declared in the generated file itself so generated/ depends on nothing in src/.
const indexTypes = `/** One operation: method, path template, section, statuses and validator names. */
export interface GeneratedOperation {
  readonly method: string;
  readonly pathTemplate: string;
  readonly section: string;
  readonly statuses: readonly number[];
  readonly statusRanges: readonly string[];
  readonly request: string | null;
  readonly responses: Readonly<Record<string, string | null>>;
}

/** One webhook event: section and validator name. */
export interface GeneratedWebhook {
  readonly section: string;
  readonly validator: string;
}`;

function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The operations index of one version as a TypeScript module: operation key → section,
 * statuses and validator names; component schema name → validator; webhook event → validator.
 */
export function operationsModule(catalog: Catalog, source: string): string {
  const json = (value: unknown): string => JSON.stringify(value, null, 2);
  return [
    generatedHeader(source).trimEnd(),
    '',
    indexTypes,
    '',
    '/** Operation key (\'METHOD /path/template\') → its section, statuses and validator names. */',
    `export const operations = ${json(sortedRecord(catalog.operations))} as const satisfies Record<string, GeneratedOperation>;`,
    '',
    '/** Component schema name → validator name. */',
    `export const schemas = ${json(sortedRecord(catalog.schemas))} as const satisfies Record<string, string>;`,
    '',
    '/** Webhook event name → its section and validator name. */',
    `export const webhooks = ${json(sortedRecord(catalog.webhooks))} as const satisfies Record<string, GeneratedWebhook>;`,
    '',
  ].join('\n');
}
