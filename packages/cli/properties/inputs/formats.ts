// The formats the documents name, in every spelling they allow. A date-time is ISO 8601 (§2), which
// the project reads as @mfc-conformance/api's ISO_DATE_TIME: a `T` or a space, minutes or seconds,
// a fraction after `.` or `,`, and an offset `Z`, `±hh`, `±hhmm`, `±hh:mm` or none. An email is an
// RFC 5322 dot-atom address as the documents' validators accept it (quoted local parts and address
// literals, which RFC 5322 allows too, are refused by them, so they are not drawn as valid).
import fc from 'fast-check';

/** A calendar date in years 2000–2099, as year, month and day. */
const dayArb = fc.record({
  year: fc.integer({ min: 2000, max: 2099 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
});

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An ISO 8601 calendar date, `YYYY-MM-DD`. */
export const dateArb: fc.Arbitrary<string> = dayArb.map(({ year, month, day }) => `${year}-${pad(month)}-${pad(day)}`);

/** Dates at the edges of the calendar: a leap day, the first and the last day of a year. */
export const dateEdges: readonly string[] = ['2028-02-29', '2030-01-01', '2030-12-31'];

/** How a date-time names its offset; `none` is a local time (read as UTC by every side of this project, its instant not judged). */
export type OffsetSpelling = 'Z' | 'z' | '+hh:mm' | '-hh:mm' | '+hhmm' | '+hh' | 'none';

const offsetArb = fc.record({
  spelling: fc.constantFrom<OffsetSpelling>('Z', 'z', '+hh:mm', '-hh:mm', '+hhmm', '+hh', 'none'),
  hours: fc.integer({ min: 0, max: 14 }),
  minutes: fc.constantFrom(0, 30, 45),
});

function offsetText({ spelling, hours, minutes }: { spelling: OffsetSpelling; hours: number; minutes: number }): string {
  switch (spelling) {
    case 'Z':
    case 'z':
      return spelling;
    case '+hh:mm':
      return `+${pad(hours)}:${pad(minutes)}`;
    case '-hh:mm':
      return `-${pad(Math.min(hours, 12))}:${pad(minutes)}`;
    case '+hhmm':
      return `+${pad(hours)}${pad(minutes)}`;
    case '+hh':
      return `+${pad(hours)}`;
    case 'none':
      return '';
  }
}

/** An ISO 8601 date-time in any of its legal spellings (separator, precision, fraction mark, offset). */
export const dateTimeArb: fc.Arbitrary<string> = fc.record({
  day: dayArb,
  separator: fc.constantFrom('T', 't', ' '),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  second: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
  fraction: fc.option(fc.record({ mark: fc.constantFrom('.', ','), digits: fc.stringMatching(/^[0-9]{1,9}$/) }), { nil: undefined }),
  offset: offsetArb,
}).map(({ day, separator, hour, minute, second, fraction, offset }) => {
  const seconds = second === undefined ? '' : `:${pad(second)}${fraction === undefined ? '' : `${fraction.mark}${fraction.digits}`}`;
  return `${day.year}-${pad(day.month)}-${pad(day.day)}${separator}${pad(hour)}:${pad(minute)}${seconds}${offsetText(offset)}`;
});

/**
 * Date-times at the edges of their spelling: the RFC 3339 form, milliseconds, nanoseconds, a comma,
 * numeric offsets east and west (with and without the colon, hours only, +14 and -12), a space for the
 * `T`, minutes only, and a local time. On one day in the past, so a list filtered by them is one the
 * run's own records do not change.
 */
export const dateTimeEdges: readonly string[] = [
  '2026-01-05T08:00:00Z',
  '2026-01-05T08:00:00.123Z',
  '2026-01-05T08:00:00.123456789Z',
  '2026-01-05T10:00:00+02:00',
  '2026-01-05T02:30:00-05:30',
  '2026-01-05T22:00:00+1400',
  '2026-01-04T20:00:00-12',
  '2026-01-05 08:00:00,5z',
  '2026-01-05T08:00Z',
  '2026-01-05T08:00:00',
];

const atomCharacterArb = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&\'*+/=?^_`{|}~-');
const atomArb = fc.string({ unit: atomCharacterArb, minLength: 1, maxLength: 10 });
const labelArb = fc.stringMatching(/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,10}[a-zA-Z0-9])?$/);

/** An RFC 5322 dot-atom address: atoms of letters, digits and the specials joined by dots, at a domain of one or more labels. */
export const emailArb: fc.Arbitrary<string> = fc.record({
  local: fc.array(atomArb, { minLength: 1, maxLength: 3 }),
  domain: fc.array(labelArb, { minLength: 2, maxLength: 4 }),
}).map(({ local, domain }) => `${local.join('.')}@${domain.join('.')}`);

/** Addresses at the edges of RFC 5322's dot-atom: specials, tags, capitals, a long local part, a deep domain. */
export const emailEdges: readonly string[] = [
  'a@b.co',
  "o'brien+orders@example.com",
  'First.Last@Example.COM',
  "!#$%&'*+/=?^_`{|}~-@example.org",
  `${'x'.repeat(64)}@mail.example.com`,
  'merchant@a.b.c.d.example.net',
];
