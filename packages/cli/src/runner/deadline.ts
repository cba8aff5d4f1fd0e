import type { RegisteredCheck, RunConfig } from '../checks/index.js';
import type { CheckResult } from '../reports/index.js';
import type { ResultCollector } from './collector.js';
import type { RunPlan } from './plan.js';

// The failure names this many of the checks left, then counts the rest.
const LISTED = 10;

function duration(ms: number): string {
  return ms < 90_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 60_000).toFixed(1)} min`;
}

/**
 * The run did not finish within its deadline: one failure (`run.deadline`) that says which checks
 * were left and how long the plan said they needed, and each of those checks as not finished.
 */
export function deadlineFailure(config: RunConfig, collector: ResultCollector, checks: readonly RegisteredCheck[], costOf: (ids: readonly string[]) => RunPlan): CheckResult[] {
  // Checks collected but never reported (the worker was closed under them) are listed too.
  const unfinished = [...collector.pending.values()].map((result) => ({ ...result, message: 'not finished: the run deadline passed' }));
  const finished = new Set(collector.results.map((result) => result.id));
  const left = checks.map((check) => check.id).filter((id) => !finished.has(id) || collector.results.some((result) => result.id === id && result.message.startsWith('not finished')));
  const needed = costOf(left);
  const names = left.slice(0, LISTED).join(', ') + (left.length > LISTED ? ` and ${left.length - LISTED} more` : '');
  const title = 'The run finishes within its deadline';
  const expected = `every check done within ${duration(config.deadlineMs)} (the plan's time with room to spare, or --deadline)`;
  const received = `${left.length} check(s) left when the deadline passed: ${names}; the plan gave them ${needed.requests} request(s), about ${duration(needed.expectedMs)} at the run's share of the rate limit`;
  return [
    {
      id: 'run.deadline',
      title,
      api: 'v1',
      section: '0',
      status: 'failed',
      message: `${title}\nExpected: ${expected}\nReceived: ${received}\nA run that needs longer is given more with --deadline SECONDS.`,
      requests: [],
      failure: { code: 'MFC_RUN_DEADLINE', title, expected, received },
    },
    ...unfinished,
  ];
}
