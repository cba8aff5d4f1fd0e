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

// A run this long of a form, just after an escape, may be what is left of a longer one: see `findInLayers`.
const PARTIAL_RUN = 6;

const HASH_BASE = 0x01000193;

function windowHash(text: string, at: number, run: number): number {
  let hash = 0;
  for (let i = at; i < at + run; i += 1) hash = (Math.imul(hash, HASH_BASE) + text.charCodeAt(i)) | 0;
  return hash;
}

type Span = [start: number, end: number];

/**
 * Finds every run of `run` or more characters of a long form, and every whole short form.
 * Long forms: a rolling hash over each window of exactly `run` characters, looked up among
 * the forms' windows, and a hit extended to the right as far as the form goes; linear in the text.
 */
class FormIndex {
  readonly #windows = new Map<number, Array<{ form: string; offset: number }>>();
  // One bit per low 20 bits of a window hash: most text positions are ruled out without a map lookup.
  readonly #filter = new Uint32Array(1 << 15);
  readonly #short: string[];
  readonly #run: number;
  readonly #hashTop: number;
  readonly shortest: number;

  constructor(forms: readonly string[], run: number) {
    this.#run = run;
    this.#hashTop = Array.from({ length: run - 1 }).reduce<number>((power) => Math.imul(power, HASH_BASE), 1);
    const seen = new Set<string>();
    for (const form of forms.filter((f) => f.length >= run)) {
      for (let offset = 0; offset + run <= form.length; offset += 1) {
        // Equal windows need one entry: any of them proves the run, the scan finds the rest.
        const window = form.slice(offset, offset + run);
        if (seen.has(window)) continue;
        seen.add(window);
        const hash = windowHash(form, offset, run);
        this.#filter[(hash >>> 5) & 0x7fff]! |= 1 << (hash & 31);
        const bucket = this.#windows.get(hash);
        if (bucket) bucket.push({ form, offset });
        else this.#windows.set(hash, [{ form, offset }]);
      }
    }
    this.#short = [...new Set(forms.filter((f) => f.length > 0 && f.length < run))];
    this.shortest = Math.min(run, ...this.#short.map((form) => form.length));
  }

  find(text: string): Span[] {
    const spans: Span[] = [];
    for (const form of this.#short) {
      for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) spans.push([at, at + form.length]);
    }
    const run = this.#run;
    if (this.#windows.size === 0 || text.length < run) return spans;
    let at = 0;
    let hash = windowHash(text, 0, run);
    const filter = this.#filter;
    while (at + run <= text.length) {
      const length = (filter[(hash >>> 5) & 0x7fff]! & (1 << (hash & 31))) === 0 ? 0 : this.#longestRun(text, at, hash);
      if (length > 0) {
        spans.push([at, at + length]);
        // Windows that end inside this run are covered; those reaching past it are still looked at.
        const next = Math.max(at + 1, at + length - run + 1);
        if (next > at + 1) {
          at = next;
          if (at + run <= text.length) hash = windowHash(text, at, run);
          continue;
        }
      }
      if (at + run < text.length) {
        hash = (Math.imul(hash - Math.imul(text.charCodeAt(at), this.#hashTop), HASH_BASE) + text.charCodeAt(at + run)) | 0;
      }
      at += 1;
    }
    return spans;
  }

  /** How long a run of a form starts at `at` (0 when shorter than `run`). */
  runAt(text: string, at: number): number {
    if (at + this.#run > text.length) return 0;
    const hash = windowHash(text, at, this.#run);
    return (this.#filter[(hash >>> 5) & 0x7fff]! & (1 << (hash & 31))) === 0 ? 0 : this.#longestRun(text, at, hash);
  }

  #longestRun(text: string, at: number, hash: number): number {
    let longest = 0;
    for (const { form, offset } of this.#windows.get(hash) ?? []) {
      let length = 0;
      while (offset + length < form.length && at + length < text.length && text.charCodeAt(at + length) === form.charCodeAt(offset + length)) length += 1;
      if (length >= this.#run && length > longest) longest = length;
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

/** The forms of the secrets, indexed twice: by runs that count as a secret, and by the shorter runs that may be what an escape left of one. */
interface Indexes {
  full: FormIndex;
  partial: FormIndex;
}

// Characters that start an escape: a stray one before an encoded secret takes the secret's first characters into its escape.
const INTRODUCERS = new Set([37, 92, 38]); // % \ &

/**
 * Adds to `spans` every span of `text` that holds a form of a secret once the escape `families` are
 * decoded, in layers up to `MAX_DECODING_ROUNDS` deep (the first layer reads only `families`, deeper
 * ones every family); returns where the first layer's units start in `text`.
 *
 * A literal `%`, `\` or `&` just before an encoded secret makes an escape with its first characters
 * (`%` before `5crR…%252B…` reads `%5c`, a backslash, which the next layer reads with `r` as `\r`), so
 * the decoded run comes out short. Where a decoded layer holds `PARTIAL_RUN` characters of a form right
 * after an escape, the source from just after that escape's first character to the run's end is decoded
 * once more on its own.
 */
function findInLayers(indexes: Indexes, text: string, families: number, spans: Span[], resync: boolean): Int32Array {
  let layer = decodeEscapes(text, families);
  // Where each decoded unit starts in `text`: the boundaries no replacement may cut through.
  const boundaries = layer.starts;
  let starts = layer.starts;
  for (let round = 1; ; round += 1) {
    const decoded = canonical(layer.text);
    for (const [start, end] of indexes.full.find(decoded)) spans.push([starts[start]!, starts[end]!]);
    if (resync) {
      for (let unit = 0; unit < decoded.length; unit += 1) {
        const stray = starts[unit]!;
        if (starts[unit + 1]! - stray < 2 || !INTRODUCERS.has(text.charCodeAt(stray))) continue;
        const run = indexes.partial.runAt(decoded, unit + 1);
        if (run === 0) continue;
        const from = stray + 1;
        for (const [a, b] of findSecrets(indexes, text.slice(from, starts[unit + 1 + run]), false).spans) spans.push([from + a, from + b]);
      }
    }
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
function findSecrets(indexes: Indexes, text: string, resync = true): { spans: Span[]; boundaries?: Int32Array } {
  const spans = indexes.full.find(canonical(text));
  if (!mayHoldEscapes(text)) return { spans };
  const boundaries = findInLayers(indexes, text, ALL_ESCAPES, spans, resync);
  if (LETTER_TAKING_ESCAPE.test(text) && OTHER_FAMILIES.test(text)) findInLayers(indexes, text, ALL_ESCAPES & ~BACKSLASH, spans, resync);
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
  const forms = values.flatMap(formsOf);
  const indexes: Indexes = { full: new FormIndex(forms, REDACTED_RUN), partial: new FormIndex(forms, PARTIAL_RUN) };
  return (text) => {
    if (text.length < indexes.full.shortest) return text;
    const { spans, boundaries } = findSecrets(indexes, text);
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
