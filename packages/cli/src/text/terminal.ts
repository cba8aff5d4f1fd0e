/**
 * Characters a target's data may carry that must not reach a terminal or a text report as they are:
 * C0 controls (ESC starts a terminal command: clear the screen, retitle the window, rewrite a line),
 * DEL, C1 controls (U+009B is a one-character ESC [), the Unicode bidi embeddings, overrides,
 * isolates and marks (text that reads other than it is), the noncharacters XML 1.0 forbids, and
 * lone surrogates.
 */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const unsafeKeepingLines = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line of text safe to print: every character above, `\n` and `\t` included, written visibly (`\x1b`, `\u202e`). */
export function safeLine(text: string): string {
  return text.replace(unsafe, visible);
}

/** Text of several lines safe to print: as `safeLine`, but `\n` and `\t` keep their meaning (`\r` does not: it rewrites the line). */
export function safeText(text: string): string {
  return text.replace(unsafeKeepingLines, visible);
}
