import type { ServerOptions } from '../../../server/index.js';
import type { ProbeContext } from '../fault-cases/types.js';

/**
 * One row of the variant table: a probe, what it observes on the default server and what it observes
 * with the variant on. `check` false skips the test client's header and schema checks on the variant's
 * answers (only cancel-empty-body needs it: an empty body has no JSON Content-Type).
 */
export interface VariantCase {
  probe(t: ProbeContext): Promise<unknown>;
  conforming: unknown;
  variant: unknown;
  options?: ServerOptions;
  check?: boolean;
}

/** Which of the three §7 `errors` forms a v2 error body uses. */
export function errorsForm(body: { errors?: unknown }): 'objects' | 'strings' | 'map' {
  const { errors } = body;
  if (!Array.isArray(errors)) return 'map';
  return typeof errors[0] === 'string' ? 'strings' : 'objects';
}
