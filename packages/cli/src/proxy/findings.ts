// What a judgement yields for the proxy: a rule judged on one exchange, and a finding when it failed.
import type { Verdict } from '../judgements/index.js';
import { PROXY_RULES, type ProxyRuleId } from './rules.js';

/** A rule judged on an exchange: `verdict` set when the exchange broke it. */
export interface Judgement {
  rule: ProxyRuleId;
  verdict?: Verdict;
}

/** A broken rule on one exchange, as the live line and the reports show it. */
export interface Finding {
  rule: ProxyRuleId;
  seq: number;
  method: string;
  path: string;
  /** The answer's status, or null when none came (a finding about the request alone). */
  status: number | null;
  verdict: Verdict;
}

/** A value of a verdict as text: strings as they are, anything else as JSON. */
export function shownValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

/** The live line of a finding: the exchange, the rule with its § and side, and what was wrong. */
export function findingLine(finding: Finding): string {
  const rule = PROXY_RULES[finding.rule];
  const status = finding.status === null ? '-' : String(finding.status);
  return `#${finding.seq} ${finding.method} ${finding.path} ${status}  ${finding.rule} §${rule.section} [${rule.side}] ${finding.verdict.title}: expected ${shownValue(finding.verdict.expected)}, received ${shownValue(finding.verdict.received)}`;
}

/** A judgement that passed. */
export function kept(rule: ProxyRuleId): Judgement {
  return { rule };
}

/** A judgement that passed or failed, as `verdict` says. */
export function judged(rule: ProxyRuleId, verdict: Verdict | undefined): Judgement {
  return verdict === undefined ? { rule } : { rule, verdict };
}
