// §2: "Timestamps are ISO 8601 date-times." ISO 8601, not only its RFC 3339 profile: the extended
// format with the time to the minute or finer, a '.' or ',' before the fraction, and the offset
// (Z, ±hh, ±hhmm or ±hh:mm) optional. A date-time without an offset is a local time; every side
// of this project reads it as UTC, the way a service that stores naive UTC times writes them.

/**
 * An ISO 8601 date-time as above. Months and days are checked against the calendar (a 29 February
 * only in a year divisible by four, the centuries not told apart); the separator may be a space, as
 * RFC 3339 allows.
 */
export const ISO_DATE_TIME = /^(?!\d\d(?:[02468][1235679]|[13579][01345789])-02-29)\d{4}-(?!02-3)(?!(?:0[469]|11)-31)(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[Tt ](?:[01]\d|2[0-3]):[0-5]\d(?::(?:[0-5]\d|60)(?:[.,]\d+)?)?(?:[Zz]|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/;

const OFFSET = /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;
const PARTS = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(?::(\d{2})(?:[.,](\d+))?)?(.*)$/;

/** Whether a date-time names its offset; one without is a local time (read as UTC). */
export function hasOffset(dateTime: string): boolean {
  return OFFSET.test(dateTime.slice(16));
}

/** The epoch milliseconds of an ISO 8601 date-time (one without an offset read as UTC), or NaN when the value is not one. */
export function dateTimeInstant(value: unknown): number {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return Number.NaN;
  const [, date, minutes, seconds = '00', fraction = '', offset] = PARTS.exec(value)!;
  // Date.parse reads a time without an offset as the machine's local time, and wants ±hh:mm.
  const zone = offset === '' ? 'Z' : offset!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2').replace(/^([+-]\d{2})$/, '$1:00');
  // A leap second (:60) reads as the first second of the next minute, as Date does with POSIX time.
  const leap = seconds === '60';
  const instant = Date.parse(`${date}T${minutes}:${leap ? '59' : seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${zone}`);
  return leap ? instant + 1000 : instant;
}

/**
 * `ms` written as a date-time in the form of `sample`, one a service wrote: without an offset when the
 * sample has none (what such a service reads as its own time), else in UTC with a Z.
 */
export function dateTimeLike(sample: unknown, ms: number): string {
  const iso = new Date(ms).toISOString();
  return typeof sample === 'string' && ISO_DATE_TIME.test(sample) && !hasOffset(sample) ? iso.slice(0, -1) : iso;
}
