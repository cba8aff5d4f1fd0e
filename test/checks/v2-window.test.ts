// Which back-to-back v2 answers agree with a window "per minute" (§8): a calendar minute, a trailing
// 60 s, or a fixed 60 s window opened by some request; and the second look a disagreeing one gets.
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../packages/cli/src/checks/index.js';
import { agreesWithAV2Window, observeV2Window, type CountedAnswer } from '../../packages/cli/suites/support/rate-limit.js';

/** Answers with these X-Rate-Limit-Used values, each beside the run's requests of the minute so far (undefined: not known). */
const answers = (used: number[], counted: Array<number | undefined>): CountedAnswer[] =>
  used.map((value, i) => ({ response: {} as ApiResponse, headers: { used: value, max: 100 }, counted: counted[i] }));

const table: Array<[string, CountedAnswer[], boolean]> = [
  ['a calendar minute: each counts the minute\'s requests and one more', answers([7, 8, 9, 10], [7, 8, 9, 10]), true],
  ['a trailing window other clients leave: Used stands still, yet counts the minute\'s requests', answers([30, 30, 29, 31], [7, 8, 9, 10]), true],
  ['a window opened by a request mid-minute: fewer than the minute\'s requests, rising by one each', answers([2, 3, 4, 5], [20, 21, 22, 23]), true],
  ['the same window closing in the middle: neither', answers([59, 60, 1, 2], [20, 21, 22, 23]), false],
  ['a count of nothing: neither', answers([0, 0, 0, 0], [1, 2, 3, 4]), false],
  ['per channel instead of per merchant: the other channel\'s count is its own', answers([12, 3, 4, 13], [12, 13, 14, 15]), false],
  ['near a minute\'s edge nothing is known of the minute: agreeing by default', answers([5, 5, 5, 5], [undefined, undefined, undefined, undefined]), true],
];

describe('v2 window agreement', () => {
  it.each(table)('%s', (_name, seen, agrees) => {
    expect(agreesWithAV2Window(seen)).toBe(agrees);
  });

  it('looks a second time when the first observation disagrees, and stops at an agreeing one', async () => {
    const looks = [answers([59, 60, 1, 2], [20, 21, 22, 23]), answers([3, 4, 5, 6], [24, 25, 26, 27])];
    let made = 0;
    const seen = await observeV2Window(async () => looks[made++]!, (value) => value);
    expect({ made, agrees: seen.agrees, used: seen.value.map((answer) => answer.headers.used) }).toEqual({ made: 2, agrees: true, used: [3, 4, 5, 6] });
  });

  it('gives the second disagreeing observation to fail on: a window closes once a minute at most', async () => {
    const looks = [answers([12, 3, 4, 13], [12, 13, 14, 15]), answers([14, 5, 6, 15], [16, 17, 18, 19])];
    let made = 0;
    const seen = await observeV2Window(async () => looks[made++]!, (value) => value);
    expect({ made, agrees: seen.agrees, used: seen.value.map((answer) => answer.headers.used) }).toEqual({ made: 2, agrees: false, used: [14, 5, 6, 15] });
  });
});
