import { describe, expect, it } from 'vitest';
import { dateTimeInstant, dateTimeLike, hasOffset } from '../../packages/api/src/date-time.js';

const instant = Date.UTC(2026, 0, 5, 8, 0, 0);

// §2: "Timestamps are ISO 8601 date-times": the extended format, with or without an offset.
const accepted: Array<[string, number, boolean]> = [
  ['2026-01-05T08:00:00Z', instant, true],
  ['2026-01-05T08:00:00.123456Z', instant + 123, true],
  ['2026-01-05T09:00:00+01:00', instant, true],
  ['2026-01-05T09:00:00+0100', instant, true],
  ['2026-01-05T03:00:00-05', instant, true],
  // Without an offset: a local time, read as UTC whatever the machine's zone.
  ['2026-01-05T08:00:00', instant, false],
  ['2026-01-05T08:00:00.250', instant + 250, false],
  ['2026-01-05 08:00:00', instant, false],
  ['2026-01-05T08:00', instant, false],
  ['2026-01-05T08:00:00,5', instant + 500, false],
  ['2028-02-29T00:00:00Z', Date.UTC(2028, 1, 29), true],
];

const refused = ['2026-01-05', '2026-02-30T08:00:00Z', '2026-02-29T08:00:00Z', '2027-02-29T08:00:00', '2026-04-31T08:00:00Z', '2026-13-01T08:00:00Z', '2026-01-05T24:00:00Z', '2026-01-05T08:00:00+1', '08:00:00Z', 'yesterday', ''];

describe('ISO 8601 date-times (§2)', () => {
  it.each(accepted)('%s is the instant it names, with or without an offset', (text, expected, offset) => {
    expect(dateTimeInstant(text)).toBe(expected);
    expect(hasOffset(text)).toBe(offset);
  });

  it.each(refused)('%j is not a date-time', (text) => {
    expect(dateTimeInstant(text)).toBeNaN();
  });

  it('writes a time in the form of a sample: without an offset when the sample has none', () => {
    expect(dateTimeLike('2026-01-05T08:00:00', instant + 1000)).toBe('2026-01-05T08:00:01.000');
    expect(dateTimeLike('2026-01-05T09:00:00+01:00', instant + 1000)).toBe('2026-01-05T08:00:01.000Z');
    expect(dateTimeLike(undefined, instant)).toBe('2026-01-05T08:00:00.000Z');
  });
});
