/** A text with one layer of escapes decoded, and where each of its code units came from. */
export interface DecodedText {
  text: string;
  /** `starts[k]` is the offset in the source of the escape (or character) that gave code unit `k`; `starts[text.length]` is the source's length. */
  starts: Int32Array;
}

const namedEntities = new Map([['amp', 38], ['lt', 60], ['gt', 62], ['quot', 34], ['apos', 39]]);
// After a backslash: the character a one-letter escape stands for (JSON and JavaScript), by its code.
const shortEscapes = new Map([[34, 34], [92, 92], [47, 47], [39, 39], [98, 8], [102, 12], [110, 10], [114, 13], [116, 9]]);
const utf16 = new TextDecoder('utf-16le');

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

function hexAt(text: string, at: number, digits: number): number {
  if (at + digits > text.length) return -1;
  let value = 0;
  for (let i = at; i < at + digits; i += 1) {
    const digit = hexDigit(text.charCodeAt(i));
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

// Each reader decodes one escape at `at` into `decoded` (the code point and how many source
// characters it takes) and says whether there was one; no object per escape on this hot path.
const decoded = { codePoint: 0, length: 0 };

function found(codePoint: number, length: number): boolean {
  decoded.codePoint = codePoint;
  decoded.length = length;
  return true;
}

function backslashEscape(text: string, at: number): boolean {
  const next = text.charCodeAt(at + 1);
  if (next === 117) {
    const unit = hexAt(text, at + 2, 4);
    return unit >= 0 && found(unit, 6);
  }
  if (next === 120) {
    const unit = hexAt(text, at + 2, 2);
    return unit >= 0 && found(unit, 4);
  }
  const short = shortEscapes.get(next);
  return short !== undefined && found(short, 2);
}

// %XX, or the %XX%XX… of one UTF-8 encoded character (encodeURIComponent).
function percentEscape(text: string, at: number): boolean {
  const lead = hexAt(text, at + 1, 2);
  if (lead < 0) return false;
  if (lead < 0x80) return found(lead, 3);
  const extra = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xc2 && lead <= 0xdf ? 1 : -1;
  if (extra < 0) return false;
  let codePoint = lead & (0x3f >> extra);
  for (let k = 1; k <= extra; k += 1) {
    const offset = at + 3 * k;
    const byte = text.charCodeAt(offset) === 37 ? hexAt(text, offset + 1, 2) : -1;
    if (byte < 0x80 || byte > 0xbf) return false;
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  return codePoint <= 0x10ffff && found(codePoint, 3 * (extra + 1));
}

const entityPattern = /&(?:([a-z]{2,4})|#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6}));/y;

function entityEscape(text: string, at: number): boolean {
  entityPattern.lastIndex = at;
  const match = entityPattern.exec(text);
  if (!match) return false;
  const [whole, name, decimal, hex] = match;
  const codePoint = name !== undefined ? namedEntities.get(name) : parseInt((decimal ?? hex)!, decimal !== undefined ? 10 : 16);
  return codePoint !== undefined && codePoint <= 0x10ffff && found(codePoint, whole.length);
}

/** The escape families `decodeEscapes` reads: a bit each. */
export const BACKSLASH = 1;
const PERCENT = 2;
const ENTITY = 4;
export const ALL_ESCAPES = BACKSLASH | PERCENT | ENTITY;

/** Whether a text holds anything `decodeEscapes` would decode. */
export function mayHoldEscapes(text: string): boolean {
  return /[\\%&]/.test(text);
}

/**
 * Decodes one layer of the escapes a token can come back in: JSON and JavaScript (`\uXXXX`, `\/`,
 * `\"`, `\xXX`), URL (`%XX`, UTF-8 sequences) and HTML (`&amp;`, `&#39;`, `&#x2F;`), all at once,
 * left to right; `families` leaves the others as they are. Anything that is not a complete escape
 * stays as it is.
 */
export function decodeEscapes(source: string, families = ALL_ESCAPES): DecodedText {
  const units = new Uint16Array(source.length);
  const starts = new Int32Array(source.length + 1);
  let length = 0;
  for (let at = 0; at < source.length;) {
    const char = source.charCodeAt(at);
    const escape = char === 92 ? (families & BACKSLASH) !== 0 && backslashEscape(source, at)
      : char === 37 ? (families & PERCENT) !== 0 && percentEscape(source, at)
      : char === 38 && (families & ENTITY) !== 0 && entityEscape(source, at);
    if (!escape) {
      starts[length] = at;
      units[length++] = char;
      at += 1;
      continue;
    }
    const { codePoint, length: taken } = decoded;
    if (codePoint > 0xffff) {
      starts[length] = at;
      units[length++] = 0xd800 + ((codePoint - 0x10000) >> 10);
      starts[length] = at;
      units[length++] = 0xdc00 + ((codePoint - 0x10000) & 0x3ff);
    } else {
      starts[length] = at;
      units[length++] = codePoint;
    }
    at += taken;
  }
  starts[length] = source.length;
  // Unpaired surrogates become U+FFFD, one unit for one: offsets stay right, and no token holds one.
  const text = utf16.decode(units.subarray(0, length));
  return { text, starts: starts.subarray(0, length + 1) };
}
