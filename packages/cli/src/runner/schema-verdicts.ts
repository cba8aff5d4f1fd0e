// One defect, one failing check: a response that breaks its schema is seen by every check that
// reads it, but reported once, by the schema check that owns that kind of answer (its `owns`).
import { formatFailure, STATUS_POINTER, type SchemaScope, type SchemaViolation } from '../checks/index.js';
import type { RecordedExchange } from '../http/index.js';
import type { CheckResult } from '../reports/index.js';
import { ownerAmong } from '../judgements/index.js';

/** A violation as one check of the run saw it. */
export interface SeenViolation extends SchemaViolation {
  checkId: string;
}

/** One (operation, status, pointer): the first answer that showed it and every check that saw it. */
interface ViolationGroup {
  first: SeenViolation;
  checks: string[];
}

// A failure listing every violating answer would bury the first; the groups' first answers suffice.
const MAX_LISTED_EXCHANGES = 10;

/** The schema check of the run that owns this violation; without one, the first check that saw it. */
function ownerOf(group: ViolationGroup, owners: ReadonlyMap<string, SchemaScope[]>): string {
  return ownerAmong(group.first, owners) ?? group.first.checkId;
}

function groupViolations(seen: readonly SeenViolation[]): ViolationGroup[] {
  const groups = new Map<string, ViolationGroup>();
  for (const violation of seen) {
    const key = `${violation.api} ${violation.operation} ${violation.status} ${violation.pointer}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { first: violation, checks: [violation.checkId] });
    else if (!group.checks.includes(violation.checkId)) group.checks.push(violation.checkId);
  }
  return [...groups.values()];
}

function describe(group: ViolationGroup): string {
  const { api, operation, status, message } = group.first;
  return `${api} ${operation} ${status} ${message} (seen by ${group.checks.join(', ')})`;
}

/** The failure an owning check reports for its groups: every (operation, status, pointer) once, with the answers that showed them. */
function schemaFailure(groups: ViolationGroup[]): { title: string; expected: string; received: string; message: string; requests: RecordedExchange[] } {
  const sections = [...new Set(groups.map((group) => group.first.section))].sort().map((s) => `§${s}`).join(', ');
  const title = `${groups.length} answer schema violation(s) seen during the run (${sections})`;
  const expected = 'every answer valid for its operation and status, as the specification gives its fields';
  const received = groups.map(describe).join('; ');
  const requests = [...new Set(groups.map((group) => group.first.exchange))].slice(0, MAX_LISTED_EXCHANGES);
  return { title, expected, received, message: formatFailure({ title, expected, received, exchange: groups[0]!.first.exchange }), requests };
}

/**
 * Hands every response-schema violation of the run to the check that owns it (CheckMeta `owns`),
 * which then fails listing each (operation, status, pointer) once; the checks that merely saw a
 * violation keep their own verdict.
 */
export function attributeViolations(results: readonly CheckResult[], seen: readonly SeenViolation[], owners: ReadonlyMap<string, SchemaScope[]>): CheckResult[] {
  const byOwner = new Map<string, ViolationGroup[]>();
  const failed = new Set(results.filter((result) => result.status === 'failed').map((result) => result.id));
  for (const group of groupViolations(seen)) {
    // A status the operation does not allow fails the check that judged it; only when every check
    // that saw it merely prepared its premise (and skipped) does the owner report it.
    if (group.first.pointer === STATUS_POINTER && group.checks.some((id) => failed.has(id))) continue;
    const owner = ownerOf(group, owners);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), group]);
  }
  return results.map((result) => {
    const groups = byOwner.get(result.id);
    if (!groups) return result;
    const failure = schemaFailure(groups);
    if (result.status === 'failed') {
      // The check failed on its own rule too: both findings stay, its own first.
      return { ...result, message: `${result.message}\n\n${failure.message}`, requests: [...result.requests, ...failure.requests] };
    }
    return {
      ...result,
      status: 'failed',
      message: failure.message,
      requests: failure.requests,
      failure: { code: 'MFC_CHECK_SCHEMA', title: failure.title, expected: failure.expected, received: failure.received },
    };
  });
}
