// What a proxy session keeps for its reports, bounded however long it runs: per rule, how often it
// was judged and broken, and the first findings with their exchanges.
import type { RecordedExchange } from '../http/index.js';
import type { CheckResult } from '../reports/index.js';
import { shownValue, type Finding, type Judgement } from './findings.js';
import { PROXY_RULES, type ProxyRuleId, type Side } from './rules.js';

/** Findings of one rule listed with their exchange; the others are counted. */
export const LISTED_FINDINGS = 20;

interface RuleTally {
  judged: number;
  broken: number;
  listed: Array<{ finding: Finding; exchange: RecordedExchange }>;
}

/** The counts of a session: exchanges, and findings per side. */
export interface SessionCounts {
  exchanges: number;
  findings: Record<Side, number>;
}

/** The judgements of a session, rule by rule. */
export class ProxySession {
  readonly #tallies = new Map<ProxyRuleId, RuleTally>();
  readonly #counts: SessionCounts = { exchanges: 0, findings: { integration: 0, deployment: 0 } };

  /** Counts one exchange that passed through. */
  countExchange(): void {
    this.#counts.exchanges += 1;
  }

  /**
   * Takes an exchange's judgements and returns its findings; `record` gives the exchange as reports
   * show it, made only for a finding that is listed.
   */
  add(seq: number, method: string, path: string, status: number | null, judgements: readonly Judgement[], record: () => RecordedExchange): Finding[] {
    const findings: Finding[] = [];
    for (const { rule, verdict } of judgements) {
      let tally = this.#tallies.get(rule);
      if (tally === undefined) {
        tally = { judged: 0, broken: 0, listed: [] };
        this.#tallies.set(rule, tally);
      }
      tally.judged += 1;
      if (verdict === undefined) continue;
      tally.broken += 1;
      this.#counts.findings[PROXY_RULES[rule].side] += 1;
      const finding: Finding = { rule, seq, method, path, status, verdict };
      findings.push(finding);
      if (tally.listed.length < LISTED_FINDINGS) tally.listed.push({ finding, exchange: record() });
    }
    return findings;
  }

  /** The counts so far. */
  counts(): SessionCounts {
    return structuredClone(this.#counts);
  }

  /** The rules broken so far, by side. */
  broken(side: Side): ProxyRuleId[] {
    return [...this.#tallies].filter(([rule, tally]) => tally.broken > 0 && PROXY_RULES[rule].side === side).map(([rule]) => rule);
  }

  /** One result per rule judged, in the order of the rule table: passed, or failed with its first findings. */
  results(): CheckResult[] {
    return (Object.keys(PROXY_RULES) as ProxyRuleId[]).flatMap((rule): CheckResult[] => {
      const tally = this.#tallies.get(rule);
      if (tally === undefined) return [];
      const { api, section, title, side } = PROXY_RULES[rule];
      const fullTitle = `${title} [${side}]`;
      const base = { id: rule, title: fullTitle, api, section, notes: [`${side}'s side: judged on ${tally.judged} exchange(s), broken on ${tally.broken}`] };
      if (tally.broken === 0) return [{ ...base, status: 'passed' as const, message: '', requests: [] }];
      const first = tally.listed[0]!.finding;
      const expected = shownValue(first.verdict.expected);
      const received = tally.listed.map(({ finding }) => `#${finding.seq} ${finding.method} ${finding.path}: ${shownValue(finding.verdict.received)}`).join('; ')
        + (tally.broken > tally.listed.length ? `; and ${tally.broken - tally.listed.length} more` : '');
      const failureTitle = `${first.verdict.title} (${tally.broken} of ${tally.judged} exchange(s))`;
      return [{
        ...base,
        status: 'failed' as const,
        message: `${failureTitle}\nExpected: ${expected}\nReceived: ${received}`,
        requests: tally.listed.map(({ exchange }) => exchange),
        failure: { code: side === 'integration' ? 'MFC_PROXY_INTEGRATION' : 'MFC_PROXY_DEPLOYMENT', title: failureTitle, expected, received },
      }];
    });
  }
}
