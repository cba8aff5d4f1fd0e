// The §8 header model: what it predicts inside a minute, across a boundary, and where it stays silent.
import { describe, expect, it } from 'vitest';
import { RateLimitModel, type RateObservation } from '../../packages/cli/properties/rate-limit-model.js';

const minute = 60_000;
// 20 s into a minute: far from both edges.
const at = (minuteIndex: number, second = 20) => 1_800_000_000_000 - (1_800_000_000_000 % minute) + minuteIndex * minute + second * 1000;
const seen = (used: number, when: number, extra: Partial<RateObservation> = {}): RateObservation => ({
  window: 'channel 11', sentAt: when, answeredAt: when + 5, serverDate: undefined, status: 200, used, max: 100, ...extra,
});

const cases: Array<[string, { given: RateObservation[]; want: RegExp | null }]> = [
  ['Used one more per request in a minute', { given: [seen(4, at(0)), seen(5, at(0, 21)), seen(6, at(0, 22))], want: null }],
  ['Used skipping a number (other clients)', { given: [seen(4, at(0)), seen(6, at(0, 21))], want: null }],
  ['Used going down within a minute', { given: [seen(4, at(0)), seen(3, at(0, 21))], want: /Used 3 after 4 in the same minute/ }],
  ['Used standing still', { given: [seen(4, at(0)), seen(4, at(0, 21))], want: /expected at least 5/ }],
  ['another window in between counts apart', { given: [seen(4, at(0)), seen(9, at(0, 21), { window: 'channel 12' }), seen(5, at(0, 22))], want: null }],
  ['another window with a higher Max by arrangement', { given: [seen(4, at(0)), seen(9, at(0, 21), { window: 'channel 12', max: 500 }), seen(5, at(0, 22))], want: null }],
  ['Max changing', { given: [seen(4, at(0)), seen(5, at(0, 21), { max: 120 })], want: /Max 120 after 100/ }],
  ['Used above Max on a 200', { given: [seen(101, at(0))], want: /Used 101 above X-Rate-Limit-Max 100/ }],
  ['Used above Max on a 429 is not judged', { given: [seen(100, at(0)), seen(101, at(0, 21), { status: 429 })], want: null }],
  ['a missing header', { given: [seen(4, at(0), { used: undefined })], want: /missing/ }],
  ['Used starting again in the next minute', { given: [seen(40, at(0)), seen(1, at(1))], want: null }],
  ['Used going on after a minute boundary', { given: [seen(40, at(0)), seen(41, at(1))], want: /did not start again/ }],
  ['near a minute edge of the client clock nothing is predicted', { given: [seen(40, at(0, 58)), seen(43, at(0, 59))], want: null }],
  ['the Date header decides the minute over the client clock', { given: [seen(40, at(0, 58), { serverDate: at(0, 30) }), seen(40, at(0, 59), { serverDate: at(0, 31) })], want: /expected at least 41/ }],
  ['a new minute by the Date header: Used starts again', { given: [seen(40, at(0, 30), { serverDate: at(0, 58) }), seen(1, at(0, 31), { serverDate: at(1, 2) })], want: null }],
  ['a new minute by the Date header: Used going on', { given: [seen(40, at(0, 30), { serverDate: at(0, 58) }), seen(41, at(0, 31), { serverDate: at(1, 2) })], want: /did not start again/ }],
  ['a slow answer dated early in a minute: the request may have counted in the minute before', { given: [seen(40, at(0, 30), { serverDate: at(0, 57) }), seen(41, at(0, 31), { serverDate: at(1, 2), answeredAt: at(0, 31) + 2_500 })], want: null }],
  ['Date in second 00: the request may have counted in the minute before', { given: [seen(40, at(0, 30), { serverDate: at(0, 59) }), seen(41, at(0, 31), { serverDate: at(1, 0) })], want: null }],
];

describe('RateLimitModel', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const model = new RateLimitModel();
    const problems = given.flatMap((observation) => model.observe(observation)).join('; ');
    if (want === null) expect(problems).toBe('');
    else expect(problems).toMatch(want);
  });
});

// v2's limit is "per minute" (§8), which a trailing 60 s and a 60 s window opened by a request also
// are: only what holds for all three is predicted.
const trailing: Array<[string, { given: RateObservation[]; want: RegExp | null }]> = [
  ['Used standing still (a request of another client left the window)', { given: [seen(64, at(0)), seen(64, at(0, 21))], want: null }],
  ['Used going down', { given: [seen(64, at(0)), seen(60, at(0, 21))], want: null }],
  ['Used going on after a calendar minute boundary', { given: [seen(40, at(0)), seen(41, at(1))], want: null }],
  ['Used not counting the request it answers', { given: [seen(0, at(0), { counted: 1 }), seen(0, at(0, 21), { counted: 2 })], want: /Used 0 on a 200 answer: the request it answers is not counted/ }],
  ['Used below the minute\'s own requests once: a window opened by a request started again', { given: [seen(30, at(0), { counted: 30 }), seen(2, at(0, 21), { counted: 31 })], want: null }],
  ['Used below them but rising: the window that started again goes on', { given: [seen(30, at(0), { counted: 30 }), seen(2, at(0, 21), { counted: 31 }), seen(3, at(0, 22), { counted: 32 })], want: null }],
  ['Used below them and falling twice within a minute', { given: [seen(30, at(0), { counted: 30 }), seen(2, at(0, 21), { counted: 31 }), seen(1, at(0, 22), { counted: 32 })], want: /Used 1 in window channel 11, which already had 32 requests .* did not rise/ }],
  ['Used below them again a minute after the window started again', { given: [seen(30, at(0), { counted: 30 }), seen(2, at(0, 21), { counted: 31 }), seen(1, at(1, 22), { counted: 5 })], want: null }],
  ['Max changing', { given: [seen(4, at(0)), seen(5, at(0, 21), { max: 120 })], want: /Max 120 after 100/ }],
];

describe('RateLimitModel for a window that may be trailing (v2)', () => {
  it.each(trailing)('%s', (_name, { given, want }) => {
    const model = new RateLimitModel(false);
    const problems = given.flatMap((observation) => model.observe(observation)).join('; ');
    if (want === null) expect(problems).toBe('');
    else expect(problems).toMatch(want);
  });
});
