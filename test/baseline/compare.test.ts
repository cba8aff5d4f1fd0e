import { describe, expect, it } from 'vitest';
import { compareWithBaseline, type BaselineComparison, type BaselineReportCheck, type Waiver } from '../../packages/cli/src/baseline/index.js';

const today = '2026-06-15';
const failed = (id: string): BaselineReportCheck => ({ id, status: 'failed' });
const passed = (id: string): BaselineReportCheck => ({ id, status: 'passed' });
const skipped = (id: string): BaselineReportCheck => ({ id, status: 'skipped' });

const dup: Waiver = { check: 'v1.orders.create.duplicate-409', reason: 'TICKET-123' };
const dupExpired: Waiver = { ...dup, expires: '2026-06-14' };
const authGlob: Waiver = { check: 'v1.auth.*', reason: 'TICKET-7', expires: '2027-01-31' };

type Want = Partial<Omit<BaselineComparison, 'failsRun'>> & { failsRun: boolean };
const empty = { known: [], new: [], expired: [], fixed: [], expiredPassing: [], unused: [] };

const table: Array<[string, { given: { checks: BaselineReportCheck[]; waivers: Waiver[] }; want: Want }]> = [
  ['a waived failure is known', {
    given: { checks: [failed(dup.check)], waivers: [dup] },
    want: { known: [{ check: dup.check, waiver: dup }], failsRun: false },
  }],
  ['a failure the baseline does not list is new', {
    given: { checks: [failed(dup.check), failed('v2.auth.missing-token-401')], waivers: [dup] },
    want: { known: [{ check: dup.check, waiver: dup }], new: ['v2.auth.missing-token-401'], failsRun: true },
  }],
  ['a waived check that passes now is fixed, and does not fail the run', {
    given: { checks: [passed(dup.check)], waivers: [dup] },
    want: { fixed: [{ waiver: dup, checks: [dup.check] }], failsRun: false },
  }],
  ['an expired waiver whose check still fails fails the run', {
    given: { checks: [failed(dup.check)], waivers: [dupExpired] },
    want: { expired: [{ check: dup.check, waiver: dupExpired }], failsRun: true },
  }],
  ['an expired waiver whose check passes now is a note', {
    given: { checks: [passed(dup.check)], waivers: [dupExpired] },
    want: { expiredPassing: [{ waiver: dupExpired, checks: [dup.check] }], failsRun: false },
  }],
  ['a waiver holds through its expiry day', {
    given: { checks: [failed(dup.check)], waivers: [{ ...dup, expires: today }] },
    want: { known: [{ check: dup.check, waiver: { ...dup, expires: today } }], failsRun: false },
  }],
  ['a glob waiver covers every check it matches', {
    given: { checks: [failed('v1.auth.missing-token-401'), failed('v1.auth.every-endpoint-401'), failed('v2.auth.missing-token-401')], waivers: [authGlob] },
    want: {
      known: [{ check: 'v1.auth.missing-token-401', waiver: authGlob }, { check: 'v1.auth.every-endpoint-401', waiver: authGlob }],
      new: ['v2.auth.missing-token-401'],
      failsRun: true,
    },
  }],
  ['a glob waiver with one check passing and one failing is not fixed', {
    given: { checks: [passed('v1.auth.missing-token-401'), failed('v1.auth.every-endpoint-401')], waivers: [authGlob] },
    want: { known: [{ check: 'v1.auth.every-endpoint-401', waiver: authGlob }], failsRun: false },
  }],
  ['a waiver in force wins over an expired one for the same check', {
    given: { checks: [failed(dup.check)], waivers: [dupExpired, { check: 'v1.orders.*', reason: 'TICKET-9' }] },
    want: { known: [{ check: dup.check, waiver: { check: 'v1.orders.*', reason: 'TICKET-9' } }], failsRun: false },
  }],
  ['skipped checks never fail, and a waiver over skipped checks only is unused, not fixed', {
    given: { checks: [skipped(dup.check), skipped('v2.orders.list.pagination')], waivers: [dup] },
    want: { unused: [dup], failsRun: false },
  }],
  ['a run-level failure is never known, even under a glob that matches it', {
    given: { checks: [failed('run.target.reachable')], waivers: [{ check: '*', reason: 'everything' }] },
    want: { new: ['run.target.reachable'], unused: [{ check: '*', reason: 'everything' }], failsRun: true },
  }],
  ['no failures and an empty baseline pass', {
    given: { checks: [passed(dup.check)], waivers: [] },
    want: { failsRun: false },
  }],
];

describe('compareWithBaseline', () => {
  it.each(table)('%s', (_name, { given, want }) => {
    expect(compareWithBaseline(given.checks, given.waivers, today)).toEqual({ ...empty, ...want });
  });
});
