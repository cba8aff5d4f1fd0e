// Text as the documents allow it: a JSON string is any sequence of Unicode scalar values (§2: bodies
// are JSON), so a string property without a pattern or format takes all of them, not only the ASCII
// letters a hand-written body carries. Databases ship with columns that cannot hold some of them (a
// three-byte UTF-8 column and a character outside the Basic Multilingual Plane, a C string and U+0000),
// with normalisation that rewrites combining marks, and with columns that cut long text short.
import fc from 'fast-check';

// Code points by where they come from; a random text draws from all of them, ASCII most often, so a
// failing text shrinks to a short one whose odd character stands out.
const asciiArb = fc.integer({ min: 0x20, max: 0x7e });
const latinArb = fc.integer({ min: 0xa0, max: 0x17f });
const cjkArb = fc.integer({ min: 0x4e00, max: 0x9fff });
const rtlArb = fc.oneof(fc.integer({ min: 0x5d0, max: 0x5ea }), fc.integer({ min: 0x627, max: 0x64a }));
const combiningArb = fc.integer({ min: 0x300, max: 0x36f });
// Outside the Basic Multilingual Plane: emoji, mathematical letters, CJK extension B.
const astralArb = fc.oneof(fc.integer({ min: 0x1f300, max: 0x1f6ff }), fc.integer({ min: 0x1d400, max: 0x1d7ff }), fc.integer({ min: 0x20000, max: 0x2a6df }));
const controlArb = fc.constantFrom(0x0, 0x9, 0xa, 0xd, 0x1f, 0x7f, 0x200b, 0x200f, 0xfeff);

/** One character of any script, plane or kind, ASCII most often. */
export const characterArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: asciiArb, weight: 6 },
  { arbitrary: latinArb, weight: 2 },
  { arbitrary: cjkArb, weight: 1 },
  { arbitrary: rtlArb, weight: 1 },
  { arbitrary: combiningArb, weight: 1 },
  { arbitrary: astralArb, weight: 2 },
  { arbitrary: controlArb, weight: 1 },
).map((codePoint) => String.fromCodePoint(codePoint), (text) => {
  if (typeof text !== 'string' || [...text].length !== 1) throw new Error('not one character');
  return text.codePointAt(0)!;
});

/** Text of `minLength` to `maxLength` characters (code points), drawn from every plane. */
export function unicodeTextArb(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: characterArb, minLength, maxLength });
}

/** Where a long text ends: past the lengths columns are commonly cut at (255, 1,024 and 2,000 characters). */
export const LONG_TEXT_LENGTHS = [256, 1_025, 2_001] as const;

/**
 * A text of `length` code points that ends in characters a cut or a narrow column loses: Latin, CJK, an
 * astral character (two UTF-16 units, four UTF-8 bytes) and a last visible letter.
 */
export function longText(length: number): string {
  const tail = 'ü東📦Z';
  return `${'Lorem ipsum dolor sit amet '.repeat(Math.ceil(length / 27)).slice(0, length - [...tail].length)}${tail}`;
}

/**
 * Texts at the edges of what a string holds, each a character class a real service has lost: empty
 * (where allowed), surrounding spaces, outside the BMP, combining marks (decomposed, as NFC would
 * rewrite them), right-to-left with its marks, a joined emoji sequence, control characters and U+0000,
 * and long texts.
 */
export function textEdges(minLength: number): string[] {
  const edges = [
    '',
    '  spaces around  ',
    '📦 Ölkännchen 𝒜𝓁𝓅𝒽𝒶 𠀀',
    'Cafe\u0301 a\u0308 n\u0303',
    'שלום \u200fمرحبا\u200e 123',
    '👩\u200d👩\u200d👧\u200d👦 family',
    'tab\there\nnew line\r\nnul\u0000end',
    ...LONG_TEXT_LENGTHS.map(longText),
  ];
  return edges.filter((text) => [...text].length >= minLength);
}
