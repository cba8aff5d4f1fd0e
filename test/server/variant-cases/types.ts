import type { ServerOptions } from '../../../packages/cli/server/index.js';
import type { Literal } from '../../../packages/cli/server/switches.js';
import type { VariantDefinition } from '../../../packages/cli/server/variants/index.js';
import type { ProbeContext } from '../../faults/probe.js';

/**
 * One row of the variant table: a probe, what it observes on the default server and what it observes
 * with the variant on. `check` false skips the test client's header and schema checks on the variant's
 * answers (only cancel-empty-body and cancel-204 need it: an empty body has no JSON Content-Type).
 */
export interface VariantCase {
  probe(t: ProbeContext): Promise<unknown>;
  conforming: unknown;
  variant: unknown;
  options?: ServerOptions;
  check?: boolean;
}

/** The rows of some variant areas (`typeof variants` of each `server/variants/<area>.ts`): exactly their variants, each with its row. */
export type VariantCases<Areas extends readonly VariantDefinition[]> = Record<Literal<Areas[number]['name']>, VariantCase>;

/** Which of the three §7 `errors` forms a v2 error body uses. */
export function errorsForm(body: { errors?: unknown }): 'objects' | 'strings' | 'map' {
  const { errors } = body;
  if (!Array.isArray(errors)) return 'map';
  return typeof errors[0] === 'string' ? 'strings' : 'objects';
}
