// Where the deployment's own clock places a change of the run (suites/support/event-time.ts), for
// v2.webhooks.timestamp-not-before-change: its readings on the answer before the change, the lowest of
// them, less a second for times written to the second. The client's clock is never read.
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../packages/cli/src/checks/index.js';
import { clockOf, describeReadings, earliestAfter } from '../../packages/cli/suites/support/event-time.js';

function answer(headers: Record<string, string>, body: unknown): ApiResponse {
  return { api: 'v2', status: 201, headers, body, text: JSON.stringify(body) } as ApiResponse;
}

const at = (text: string): number => Date.parse(text);

describe('earliestAfter(clockOf(answer))', () => {
  const cases: Array<[string, { given: ApiResponse; want: number | undefined }]> = [
    ['the Date header alone, less a second', { given: answer({ date: 'Mon, 05 Jan 2026 08:00:01 GMT' }, {}), want: at('2026-01-05T08:00:00Z') }],
    ['updated_at alone, in any offset', { given: answer({}, { updated_at: '2026-01-05T09:00:01.500+01:00' }), want: at('2026-01-05T08:00:00.500Z') }],
    ['updated_at without an offset, read as UTC', { given: answer({}, { updated_at: '2026-01-05T08:00:01.500' }), want: at('2026-01-05T08:00:00.500Z') }],
    ['both: the lower, when a gateway writes the Date header from a clock ahead', { given: answer({ date: 'Mon, 05 Jan 2026 08:00:30 GMT' }, { updated_at: '2026-01-05T08:00:01Z' }), want: at('2026-01-05T08:00:00Z') }],
    ['both: the lower, when updated_at runs ahead', { given: answer({ date: 'Mon, 05 Jan 2026 08:00:01 GMT' }, { updated_at: '2026-01-05T08:00:09Z' }), want: at('2026-01-05T08:00:00Z') }],
    ['a Date header that is not a date and an updated_at that is not a string: none', { given: answer({ date: 'soon' }, { updated_at: 1 }), want: undefined }],
    ['no body and no Date header: none', { given: answer({}, undefined), want: undefined }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(earliestAfter(clockOf(given))).toBe(want);
  });

  it('names each reading as the deployment wrote it', () => {
    const readings = clockOf(answer({ date: 'Mon, 05 Jan 2026 08:00:01 GMT' }, { updated_at: '2026-01-05T09:00:01+01:00' }));
    expect(describeReadings(readings)).toBe('Date header Mon, 05 Jan 2026 08:00:01 GMT, updated_at 2026-01-05T09:00:01+01:00');
  });
});
