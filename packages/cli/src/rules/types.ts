/**
 * Which side of the service a statement is about, and so which kind of check can prove it:
 * `answer` what answers look like (shape, types, value sets, headers present); `write` what a write
 * gets (refused, stored, stored as text, ignored, kept, merged, replaced, upserted, a status it
 * causes); `request` what the service does with a request that is not a write (authentication,
 * scope of reads, list filtering, paging and order, rate limiting); `delivery` what the service
 * sends to webhook receivers (§6).
 */
export type RuleSide = 'answer' | 'write' | 'request' | 'delivery';

/** Every side, in the order listings name them. */
export const ruleSides = ['answer', 'write', 'request', 'delivery'] as const satisfies readonly RuleSide[];

/** One testable statement of the specification, as the inventory (spec/rules/*.yaml) records it. */
export interface Rule {
  /** Stable, dot-separated kebab-case, e.g. `orders.v1.duplicate-409`. */
  id: string;
  /** The specification heading the statement sits under, e.g. `4.1`. */
  section: string;
  statement: string;
  /** The sides the statement is about (one, or two for e.g. a value set that a write must respect); an unobservable rule's too. */
  side: RuleSide[];
  /** The checks that cover the rule; empty for an unobservable rule and for one no check covers yet. */
  checks: string[];
  /** Why a client cannot observe the rule from outside; absent for observable rules. */
  unobservable?: string;
  /** The inventory file, e.g. `04-endpoints.yaml`. */
  file: string;
}

/** An inventory file as written: a title and its rules (`side` one value or a list). */
export interface RulesFile {
  title: string;
  rules: Array<Omit<Rule, 'file' | 'checks' | 'side'> & { checks?: string[]; side: RuleSide | RuleSide[] }>;
}
