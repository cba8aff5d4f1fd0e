import { describe, expect, it } from 'vitest';
import { buildReport, renderNextStep, renderSummary } from '../../packages/cli/src/reports/index.js';
import { sampleChecks, sampleCoverage, sampleReport, sampleRun } from './sample-report.js';

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('the next step after a run (mfc run\'s last line)', () => {
  it.each<[string, { given: Parameters<typeof renderNextStep>; want: string | undefined }]>([
    ['the report and the replay of the first replayable failure', {
      given: [sampleReport(), { reportDir: 'reports', command: 'mfc run --profile p.json' }],
      want: 'next: open reports/report.html · replay: mfc run --profile p.json --only v1.orders.create.duplicate-409 --seed 123',
    }],
    ['the command the report holds when the caller gives none', {
      given: [sampleReport(), { reportDir: 'out/ci' }],
      want: 'next: open out/ci/report.html · replay: mfc run --profile staging.json --only v1.orders.create.duplicate-409 --seed 123',
    }],
    ['only the report when every failure is the runner\'s own', {
      given: [buildReport([sampleChecks.at(-1)!], sampleCoverage, sampleRun), { reportDir: 'reports', command: 'mfc run --profile p.json' }],
      want: 'next: open reports/report.html',
    }],
    ['no seed when the report has no run details', {
      given: [buildReport(sampleChecks), { command: 'mfc run --base-url http://127.0.0.1:8080 --token-env MFC_TOKEN' }],
      want: 'next: replay: mfc run --base-url http://127.0.0.1:8080 --token-env MFC_TOKEN --only v1.orders.create.duplicate-409',
    }],
    ['control characters in a path written visibly', {
      given: [buildReport(sampleChecks), { reportDir: 'r\u001b[2J' }],
      want: 'next: open r\\x1b[2J/report.html',
    }],
    ['the report of a passing run, which has nothing to replay', {
      given: [buildReport(sampleChecks.filter((check) => check.status !== 'failed'), sampleCoverage, sampleRun), { reportDir: 'reports', command: 'mfc run --profile p.json' }],
      want: 'next: open reports/report.html',
    }],
    ['nothing when it knows neither the report dir nor a failure to replay', {
      given: [buildReport(sampleChecks.filter((check) => check.status !== 'failed'), sampleCoverage)],
      want: undefined,
    }],
  ])('%s', (_name, { given, want }) => {
    expect(renderNextStep(...given)).toBe(want);
  });

  it('is not the summary\'s: the summary ends with the coverage line, whatever the run', () => {
    expect(lastLine(renderSummary(sampleReport()))).toMatch(/^rules: /);
    expect(lastLine(renderSummary(buildReport(sampleChecks, sampleCoverage)))).toMatch(/^rules: /);
  });
});

describe('the summary counts skips as the plan did', () => {
  const passed = sampleChecks.find((check) => check.status === 'passed')!;
  const skipped = (id: string) => ({ ...passed, id, status: 'skipped' as const, message: 'needs tokens.expired in the profile' });
  const checks = [passed, skipped('v1.auth.a'), skipped('v1.auth.b'), skipped('v1.auth.c')];
  const planned = (runs: number) => ({ checks: runs, requests: 1, windows: [], requestMinutes: 0, waitMs: 0, expectedMs: 1 });
  it.each<[string, { runs: number; want: string }]>([
    ['every skip planned', { runs: 1, want: '1 passed, 0 failed, 3 skipped (as planned)' }],
    ['some skips found while running', { runs: 3, want: '1 passed, 0 failed, 3 skipped (1 as planned, 2 while running)' }],
    ['every skip found while running', { runs: 4, want: '1 passed, 0 failed, 3 skipped (3 while running)' }],
  ])('%s', (_name, { runs, want }) => {
    const summary = renderSummary(buildReport(checks, undefined, { ...sampleRun, plan: planned(runs) }));
    expect(summary.split('\n')).toContain(want);
  });
});
