/** The placeholder every token value becomes in records, reports and messages. */
export const REDACTED = '[redacted]';

/** Builds a function that replaces every occurrence of each secret in a text with `[redacted]`. */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  // Longest first, so a token that contains another is replaced whole.
  const values = [...new Set(secrets.filter((secret) => secret.length > 0))].sort((a, b) => b.length - a.length);
  return (text) => values.reduce((result, secret) => result.split(secret).join(REDACTED), text);
}

/** Applies a redactor to every string inside a JSON-like value. */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redact(key), redactDeep(item, redact)]),
    ) as T;
  }
  return value;
}
