/** One testable statement of the specification, as the inventory (spec/rules/*.yaml) records it. */
export interface Rule {
  /** Stable, dot-separated kebab-case, e.g. `orders.v1.duplicate-409`. */
  id: string;
  /** The specification heading the statement sits under, e.g. `4.1`. */
  section: string;
  statement: string;
  /** The checks that cover the rule; empty for an unobservable rule and for one no check covers yet. */
  checks: string[];
  /** Why a client cannot observe the rule from outside; absent for observable rules. */
  unobservable?: string;
  /** The inventory file, e.g. `04-endpoints.yaml`. */
  file: string;
}

/** An inventory file as written: a title and its rules. */
export interface RulesFile {
  title: string;
  rules: Array<Omit<Rule, 'file' | 'checks'> & { checks?: string[] }>;
}
