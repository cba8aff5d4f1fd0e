import type { CheckMeta } from './types.js';

// Ids and sections must fit the report's JSON Schema (src/reports/report.schema.json).
const ID_PATTERN = /^(v1|v2)(\.[a-z0-9][a-z0-9_-]*)+$/;
const SECTION_PATTERN = /^[0-9]+(\.[0-9]+)*$/;

// Per run (keyed by marker) rather than per module, so ids stay unique across suite files.
const registered = ((globalThis as { __mfcCheckIds?: Map<string, Set<string>> }).__mfcCheckIds ??= new Map<string, Set<string>>());

/** What is wrong with a check's declaration (id format, api prefix, section, a repeated id), or undefined. */
export function metaProblem(meta: CheckMeta, marker: string): string | undefined {
  if (!ID_PATTERN.test(meta.id)) {
    return `check id "${meta.id}" must start with the api and continue in dot-separated kebab-case segments, e.g. v1.orders.create.duplicate-409`;
  }
  if (!meta.id.startsWith(`${meta.api}.`)) return `check id "${meta.id}" must start with its api "${meta.api}."`;
  if (!SECTION_PATTERN.test(meta.section)) return `check "${meta.id}": section "${meta.section}" must be a section number such as 4.1`;
  const ids = registered.get(marker) ?? new Set<string>();
  registered.set(marker, ids);
  if (ids.has(meta.id)) return `check id "${meta.id}" is registered twice; ids must be unique`;
  ids.add(meta.id);
  return undefined;
}

/** Forgets the ids a run registered, once it has ended. */
export function forgetCheckIds(marker: string): void {
  registered.delete(marker);
}
