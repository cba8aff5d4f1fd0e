import type { FaultDefinition } from './types.js';

/** Deviations of the §7 error answers: body shapes, 400 for invalid JSON, JSON for unknown paths. */
export const faults = [
  { name: 'v1-errors-shape-v2', section: '7', description: 'v1: error bodies use the v2 shape ({errors: [objects], title, status}) instead of {success: false, errors: [strings]}' },
  { name: 'v1-errors-not-array', section: '7', description: 'v1: errors in error bodies is one string instead of an array of strings' },
  { name: 'v2-errors-missing-errors', section: '7', description: 'v2: error bodies lack the required errors property' },
  { name: 'v2-errors-shape-v1', section: '7', description: 'v2: error bodies are {success: false, error: "…"} without errors, title or status' },
  { name: 'v1-body-invalid-json-not-400', section: '7', description: 'v1: a body that is not valid JSON answers 422 instead of 400' },
  { name: 'v2-body-invalid-json-not-400', section: '7', description: 'v2: a body that is not valid JSON answers 422 instead of 400' },
] as const satisfies readonly FaultDefinition[];
