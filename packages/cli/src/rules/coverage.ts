import type { CheckStatus, RuleCounts, RuleCoverage, SectionCoverage } from '../reports/model.js';
import type { Rule } from './types.js';

/** How one rule fared: by its checks that ran, or why it has none. */
export type RuleOutcome = 'passed' | 'failed' | 'skipped' | 'unobservable' | 'without-check';

/** A rule fails when any of its checks failed, passes when its checks that ran all passed, and is skipped when none ran. */
export function ruleOutcome(rule: Rule, statusOf: (checkId: string) => CheckStatus | undefined): RuleOutcome {
  if (rule.unobservable !== undefined) return 'unobservable';
  if (rule.checks.length === 0) return 'without-check';
  const statuses = rule.checks.map(statusOf);
  if (statuses.includes('failed')) return 'failed';
  return statuses.includes('passed') ? 'passed' : 'skipped';
}

const emptyCounts = (): RuleCounts => ({ rules: 0, checked: 0, passed: 0, failed: 0, skipped: 0, unobservable: 0, withoutCheck: 0 });

function count(counts: RuleCounts, outcome: RuleOutcome): void {
  counts.rules += 1;
  if (outcome === 'unobservable') counts.unobservable += 1;
  else if (outcome === 'without-check') counts.withoutCheck += 1;
  else {
    counts.checked += 1;
    counts[outcome] += 1;
  }
}

/** The rule coverage of a run: each rule judged by the results of its checks (a check absent from the results did not run). */
export function ruleCoverage(rules: readonly Rule[], results: ReadonlyArray<{ id: string; status: CheckStatus }>): RuleCoverage {
  const statuses = new Map(results.map((result) => [result.id, result.status]));
  const total = emptyCounts();
  const bySection = new Map<string, SectionCoverage>();
  for (const rule of rules) {
    const outcome = ruleOutcome(rule, (id) => statuses.get(id));
    count(total, outcome);
    const section = bySection.get(rule.section) ?? { section: rule.section, ...emptyCounts() };
    bySection.set(rule.section, section);
    count(section, outcome);
  }
  const sections = [...bySection.values()].sort((a, b) => a.section.localeCompare(b.section, 'en', { numeric: true }));
  return { total, sections };
}
