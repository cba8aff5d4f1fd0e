import type { VariantDefinition } from './types.js';

/** The other two `errors` forms of §7's v2 error body (ours is the array of {message, code}). */
export const variants = [
  { name: 'v2-errors-field-map', section: '7', description: 'v2 error bodies carry errors as an object mapping field names (base for the request as a whole) to arrays of messages', group: 'v2-errors-form' },
  { name: 'v2-errors-strings', section: '7', description: 'v2 error bodies carry errors as an array of strings', group: 'v2-errors-form' },
  { name: 'v2-errors-mixed', section: '7', description: 'v2 error bodies choose the errors form per status: 400 and 422 a field map, 404, 405, 409 and 413 an array of strings, 401, 403 and 429 an array of {message, code}', group: 'v2-errors-form' },
] as const satisfies readonly VariantDefinition[];
