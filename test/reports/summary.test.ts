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
      given: [buildReport(sampleChecks), { command: 'mfc run --base-url http://127.0.0.1:8080 --token "$MFC_TOKEN"' }],
      want: 'next: replay: mfc run --base-url http://127.0.0.1:8080 --token "$MFC_TOKEN" --only v1.orders.create.duplicate-409',
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
