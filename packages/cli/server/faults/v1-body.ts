import type { FaultDefinition } from './types.js';

/** Deviations of the v1 request body rules (§4.1). */
export const faults = [
  { name: 'v1-body-numeric-string-rejected', section: '4.1', description: 'v1: a numeric string for a numeric property answers 422 instead of being accepted' },
  { name: 'v1-body-number-for-string-rejected', section: '4.1', description: 'v1: a number for a string property answers 422 instead of being stored as its text' },
  { name: 'v1-body-content-type-enforced', section: '4.1', description: 'v1: a body sent with a Content-Type other than application/json answers 415 instead of being read as JSON' },
] as const satisfies readonly FaultDefinition[];
