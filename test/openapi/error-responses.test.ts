import { describe, expect, it } from 'vitest';
import { operations as v1Operations, type GeneratedOperation } from '../../packages/api/generated/v1/operations.js';
import { operations as v2Operations } from '../../packages/api/generated/v2/operations.js';
import { validateResponse } from '../../packages/api/src/openapi/index.js';

// §7 gives every error a body shape; a validator-less error status would let any body through.
const versions: Array<['v1' | 'v2', Record<string, GeneratedOperation>]> = [
  ['v1', v1Operations],
  ['v2', v2Operations],
];

describe.each(versions)('%s error answers', (api, operations) => {
  const errorStatuses = Object.entries(operations).flatMap(([key, operation]) =>
    operation.statuses.filter((status) => status >= 400).map((status) => [key, status] as const),
  );

  it('have a body validator for every error status of every operation', () => {
    const missing = errorStatuses.filter(([key, status]) => operations[key]?.responses[String(status)] === null);
    expect(missing).toEqual([]);
  });

  it.each(errorStatuses)('%s %i rejects an error body whose errors is a bare string', (key, status) => {
    const result = validateResponse(api, key, status, { success: false, errors: 'not an array', title: 'x', status });
    expect(result.ok).toBe(false);
    expect(result.errors.map((error) => error.pointer)).toContain('/errors');
  });
});
