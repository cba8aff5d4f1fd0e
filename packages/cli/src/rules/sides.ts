import type { RegisteredCheck } from '../checks/registry.js';
import type { Rule, RuleSide } from './types.js';

/** A side a rule claims that none of its checks can prove. */
export interface SideProblem {
  rule: string;
  side: RuleSide;
  /** `<file>: rule <id> (side <side>) …`, one line. */
  message: string;
}

/** A check that judges only the shape of answers other checks received (it `owns` them): `vN.schema.*`, `vN.errors.body-shape`. */
function judgesAnswersOnly(check: RegisteredCheck): boolean {
  return check.owns !== undefined;
}

/** A check that may send writes of its own: it declares `writes` and is not an answer-only check. */
function sendsWrites(check: RegisteredCheck): boolean {
  return check.writes && !judgesAnswersOnly(check);
}

/** A check that listens to webhook deliveries: it needs `webhooks` (or a `webhooks.*` key). */
function receivesDeliveries(check: RegisteredCheck): boolean {
  return check.needs.some((key) => key === 'webhooks' || key.startsWith('webhooks.'));
}

const withoutCheck = 'no check covers it yet';

// What each side asks of at least one of a rule's checks, and how a rule whose checks all lack it reads.
const proofs = {
  answer: { proves: () => true, lacking: withoutCheck },
  request: { proves: () => true, lacking: withoutCheck },
  write: { proves: sendsWrites, lacking: 'none of its checks sends writes (a schema check only judges answers other checks received)' },
  delivery: { proves: receivesDeliveries, lacking: 'none of its checks receives webhook deliveries' },
} as const satisfies Record<RuleSide, { proves: (check: RegisteredCheck) => boolean; lacking: string }>;

/**
 * Where a rule's checks cannot prove a side it claims, one problem per rule and side: a write-side
 * rule needs a check that sends writes, a delivery-side rule a webhook check, every other side any
 * check. Unobservable rules have no checks by design; check ids the registry does not know are
 * `joinProblems`' finding. Whether a writing check sends the very write a rule is about is for a
 * reader of its body to judge: this finds only the rules no such check could prove.
 */
export function sideProblems(rules: readonly Rule[], checks: readonly RegisteredCheck[]): SideProblem[] {
  const byId = new Map(checks.map((check) => [check.id, check]));
  const problems: SideProblem[] = [];
  for (const rule of rules) {
    if (rule.unobservable !== undefined) continue;
    const mapped = rule.checks.flatMap((id) => byId.get(id) ?? []);
    for (const side of rule.side) {
      if (mapped.some(proofs[side].proves)) continue;
      const lacking = mapped.length === 0 ? withoutCheck : proofs[side].lacking;
      problems.push({ rule: rule.id, side, message: `${rule.file}: rule ${rule.id} (side ${side}): ${lacking}` });
    }
  }
  return problems;
}
