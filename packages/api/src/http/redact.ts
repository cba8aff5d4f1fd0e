import { ALL_ESCAPES, BACKSLASH, decodeEscapes, mayHoldEscapes } from './unescape.js';

/** The placeholder every token value becomes in records, reports and messages. */
export const REDACTED = '[redacted]';

/**
 * How many consecutive characters of a token (or of its base64) count as the token: a target that
 * echoes only part of it (the first 40 characters, the tail after a cut) still gives it away.
 * A token shorter than this counts only whole.
 */
export const REDACTED_RUN = 12;

// Decoding rounds: an escape inside an escape (JSON of a URL-encoded token, HTML of a JSON string).
const MAX_DECODING_ROUNDS = 3;
// A base64 fragment this short says too little to be worth a placeholder (and would hit by chance).
const MIN_BASE64_FORM = 8;

// Form encoding writes a space as '+': both sides compare with every space read as '+'.
function canonical(text: string): string {
  return text.includes(' ') ? text.replaceAll(' ', '+') : text;
}

/**
 * The base64 characters that depend on the token's bytes alone, when the token starts `offset`
 * bytes (mod 3) into a longer base64'd text (`Bearer <token>` is offset 1, `u:<token>` offset 2).
 */
function base64Run(bytes: Buffer, offset: number, urlSafe: boolean): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString(urlSafe ? 'base64url' : 'base64');
  return encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
}

/** The strings a secret can be found as, once escapes are decoded: itself and its base64 at each byte alignment, both alphabets. */
function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const base64 = [0, 1, 2].flatMap((offset) => [base64Run(bytes, offset, false), base64Run(bytes, offset, true)]);
  return [canonical(secret), ...base64.filter((form) => form.length >= MIN_BASE64_FORM)];
}

const HASH_BASE = 0x01000193;
const HASH_TOP = Array.from({ length: REDACTED_RUN - 1 }).reduce<number>((power) => Math.imul(power, HASH_BASE), 1);

function windowHash(text: string, at: number): number {
  let hash = 0;
  for (let i = at; i < at + REDACTED_RUN; i += 1) hash = (Math.imul(hash, HASH_BASE) + text.charCodeAt(i)) | 0;
  return hash;
}

type Span = [start: number, end: number];

/**
 * Finds every run of `REDACTED_RUN` or more characters of a long form, and every whole short form.
 * Long forms: a rolling hash over each window of exactly `REDACTED_RUN` characters, looked up among
 * the forms' windows, and a hit extended to the right as far as the form goes; linear in the text.
 */
class FormIndex {
  readonly #windows = new Map<number, Array<{ form: string; offset: number }>>();
  // One bit per low 20 bits of a window hash: most text positions are ruled out without a map lookup.
  readonly #filter = new Uint32Array(1 << 15);
  readonly #short: string[];
  readonly shortest: number;

  constructor(forms: readonly string[]) {
    const seen = new Set<string>();
    for (const form of forms.filter((f) => f.length >= REDACTED_RUN)) {
      for (let offset = 0; offset + REDACTED_RUN <= form.length; offset += 1) {
        // Equal windows need one entry: any of them proves the run, the scan finds the rest.
        const window = form.slice(offset, offset + REDACTED_RUN);
        if (seen.has(window)) continue;
        seen.add(window);
        const hash = windowHash(form, offset);
        this.#filter[(hash >>> 5) & 0x7fff]! |= 1 << (hash & 31);
        const bucket = this.#windows.get(hash);
        if (bucket) bucket.push({ form, offset });
        else this.#windows.set(hash, [{ form, offset }]);
      }
    }
    this.#short = [...new Set(forms.filter((f) => f.length > 0 && f.length < REDACTED_RUN))];
    this.shortest = Math.min(REDACTED_RUN, ...this.#short.map((form) => form.length));
  }

  find(text: string): Span[] {
    const spans: Span[] = [];
    for (const form of this.#short) {
      for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) spans.push([at, at + form.length]);
    }
    if (this.#windows.size === 0 || text.length < REDACTED_RUN) return spans;
    let at = 0;
    let hash = windowHash(text, 0);
    const filter = this.#filter;
    while (at + REDACTED_RUN <= text.length) {
      const run = (filter[(hash >>> 5) & 0x7fff]! & (1 << (hash & 31))) === 0 ? 0 : this.#longestRun(text, at, hash);
      if (run > 0) {
        spans.push([at, at + run]);
        // Windows that end inside this run are covered; those reaching past it are still looked at.
        const next = Math.max(at + 1, at + run - REDACTED_RUN + 1);
        if (next > at + 1) {
          at = next;
          if (at + REDACTED_RUN <= text.length) hash = windowHash(text, at);
          continue;
        }
      }
      if (at + REDACTED_RUN < text.length) {
        hash = (Math.imul(hash - Math.imul(text.charCodeAt(at), HASH_TOP), HASH_BASE) + text.charCodeAt(at + REDACTED_RUN)) | 0;
      }
      at += 1;
    }
    return spans;
  }

  #longestRun(text: string, at: number, hash: number): number {
    let longest = 0;
    for (const { form, offset } of this.#windows.get(hash) ?? []) {
      let length = 0;
      while (offset + length < form.length && at + length < text.length && text.charCodeAt(at + length) === form.charCodeAt(offset + length)) length += 1;
      if (length >= REDACTED_RUN && length > longest) longest = length;
    }
    return longest;
  }
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

// Spans in source offsets, sorted and merged; never splitting a surrogate pair or an escape.
function mergeSpans(text: string, spans: Span[], boundaries: Int32Array | undefined): Span[] {
  const snapped = spans.map(([start, end]): Span => {
    if (boundaries) {
      start = boundaryAtOrBefore(boundaries, start);
      end = boundaryAtOrAfter(boundaries, end);
    }
    if (start > 0 && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) start -= 1;
    if (end < text.length && isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1))) end += 1;
    return [start, end];
  }).sort((a, b) => a[0] - b[0]);
  const merged: Span[] = [];
  for (const span of snapped) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

function boundaryAtOrBefore(boundaries: Int32Array, offset: number): number {
  let low = 0;
  let high = boundaries.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (boundaries[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.min(offset, boundaries[low]!);
}

function boundaryAtOrAfter(boundaries: Int32Array, offset: number): number {
  let low = 0;
  let high = boundaries.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (boundaries[middle]! >= offset) high = middle;
    else low = middle + 1;
  }
  return Math.max(offset, boundaries[low]!);
}

/** Replaces every span of a text with `[redacted]`. */
function replaceSpans(text: string, spans: Span[]): string {
  let result = '';
  let from = 0;
  for (const [start, end] of spans) {
    result += text.slice(from, start) + REDACTED;
    from = end;
  }
  return result + text.slice(from);
}

/**
 * Adds to `spans` every span of `text` that holds a form of a secret once the escape `families` are
 * decoded, in layers up to `MAX_DECODING_ROUNDS` deep (the first layer reads only `families`, deeper
 * ones every family); returns where the first layer's units start in `text`.
 */
function findInLayers(index: FormIndex, text: string, families: number, spans: Span[]): Int32Array {
  let layer = decodeEscapes(text, families);
  // Where each decoded unit starts in `text`: the boundaries no replacement may cut through.
  const boundaries = layer.starts;
  let starts = layer.starts;
  for (let round = 1; ; round += 1) {
    for (const [start, end] of index.find(canonical(layer.text))) spans.push([starts[start]!, starts[end]!]);
    if (round === MAX_DECODING_ROUNDS || !mayHoldEscapes(layer.text)) break;
    const next = decodeEscapes(layer.text);
    if (next.text.length === layer.text.length) break;
    starts = next.starts.map((offset) => starts[offset]!);
    layer = next;
  }
  return boundaries;
}

// A backslash escape that takes a letter with it (`\t`, `\n`, `\u0041`, `\x41`), beside another family's
// escapes: the backslash may be a literal one before an escaped token.
const LETTER_TAKING_ESCAPE = /\\[bfnrtux]/;
const OTHER_FAMILIES = /[%&]/;

/**
 * Every span of `text` that holds a form of a secret, in any layering of escapes up to
 * `MAX_DECODING_ROUNDS` deep. A text where a backslash escape that takes a letter meets another
 * family's escapes is also read with backslashes left as they are: a literal backslash before a
 * URL-encoded token (`\t3ME+%C3%9F…`) reads as the escape `\t` when every family is decoded, and
 * hides the token's first character.
 */
function findSecrets(index: FormIndex, text: string): { spans: Span[]; boundaries?: Int32Array } {
  const spans = index.find(canonical(text));
  if (!mayHoldEscapes(text)) return { spans };
  const boundaries = findInLayers(index, text, ALL_ESCAPES, spans);
  if (LETTER_TAKING_ESCAPE.test(text) && OTHER_FAMILIES.test(text)) findInLayers(index, text, ALL_ESCAPES & ~BACKSLASH, spans);
  return { spans, boundaries };
}

/**
 * Builds a function that replaces every occurrence of each secret in a text with `[redacted]`, in
 * whatever form a target may echo it: raw; JSON-escaped (`\"`, `\/`, `\uXXXX` of any character);
 * URL-encoded (`%2F` or `%2f`, UTF-8 sequences, a space as `+`); HTML-escaped (named and numeric
 * references); these escapes nested (up to three layers); base64 (standard or URL-safe, with or
 * without padding) of the secret at any byte alignment, so `Bearer <token>` and `user:<token>` too;
 * and any run of `REDACTED_RUN` characters or more of these, so a truncated echo is caught.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const values = [...new Set(secrets.filter((secret) => secret.length > 0))];
  if (values.length === 0) return (text) => text;
  const index = new FormIndex(values.flatMap(formsOf));
  return (text) => {
    if (text.length < index.shortest) return text;
    const { spans, boundaries } = findSecrets(index, text);
    return spans.length === 0 ? text : replaceSpans(text, mergeSpans(text, spans, boundaries));
  };
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
