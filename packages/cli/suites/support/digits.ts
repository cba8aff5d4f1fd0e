// Integers an answer gives as strings of digits ("5", "802"), read as their numbers: a behavioural
// check judges the value, its JSON type is the schema checks' rule (one defect, one failing check).

/** `value` as its number when it is a string of digits; any other value as it is. */
export function digitsAsNumber(value: unknown): unknown {
  return typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
}
