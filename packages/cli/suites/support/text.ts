// Merchant data is full of text beyond ASCII (Müller & Søn, Kyōto, 東京), and bodies are JSON (§2),
// whose strings are Unicode: what a client writes is what it reads back. So the bodies the run writes
// carry such text in their free-text fields, and the check that owns a resource's create compares each
// of those strings exactly with what the service answers: one that stores text double-encoded
// ("MÃ¼ller") or transliterated fails there. Checks that only work with the record compare what the
// service answered before and after their own write, so such a defect fails its owner alone.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';

/** Text beyond ASCII as merchants write it: Latin letters with marks, a ligature, CJK (all within the BMP). */
export const merchantText = {
  firstName: 'Jürgen',
  lastName: 'Müller',
  company: 'Müller & Søn GmbH',
  street: 'Königstraße 5',
  floor: 'Étage 2',
  city: 'München',
  supplier: 'Kyōto Tōki 東京',
  tag: 'größe-m',
  product: 'Bluse Größe M – 東京',
  note: '東京の倉庫へ',
} as const;

/** A string a body sent beside where it sits (a JSON pointer), for strings beyond ASCII only. */
interface SentText {
  pointer: string;
  text: string;
}

/** Every string beyond ASCII in `value`, with its JSON pointer. */
function textsBeyondAscii(value: unknown, pointer = ''): SentText[] {
  if (typeof value === 'string') return /[^\x00-\x7f]/.test(value) ? [{ pointer, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((element, index) => textsBeyondAscii(element, `${pointer}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, element]) => textsBeyondAscii(element, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`));
}

/** What `body` holds at a JSON `pointer`, or `missing` when it holds nothing there. */
function at(body: unknown, pointer: string, missing: symbol): unknown {
  let value: unknown = body;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (value === null || typeof value !== 'object' || !(key in value)) return missing;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const absent = Symbol('absent');

/**
 * The first string beyond ASCII that `sent` carries and `body` shows otherwise, where it shows the
 * field at all (v1 does not show its order fields, §2.1, so one it leaves out is not judged).
 */
function textChanged(sent: unknown, body: unknown): { pointer: string; text: string; shown: unknown } | undefined {
  for (const { pointer, text } of textsBeyondAscii(sent)) {
    const shown = at(body, pointer, absent);
    if (shown === absent || shown === text) continue;
    // An array of strings (tags) is judged as a set: §2.1 says nothing of its order.
    const list = at(body, pointer.slice(0, pointer.lastIndexOf('/')), absent);
    if (/\/\d+$/.test(pointer) && Array.isArray(list) && list.includes(text)) continue;
    return { pointer, text, shown };
  }
  return undefined;
}

/** Fails unless `answer` shows each string beyond ASCII that `sent` carries exactly as sent. */
export function expectTextKept(t: CheckContext, sent: unknown, answer: ApiResponse, what: string): void {
  const changed = textChanged(sent, answer.body);
  if (changed === undefined) return;
  t.fail({
    title: `${what}: text beyond ASCII reads back as it was written (§2: bodies are JSON, whose strings are Unicode)`,
    expected: `${changed.pointer} ${JSON.stringify(changed.text)}`,
    received: `${changed.pointer} ${JSON.stringify(changed.shown)}`,
    response: answer,
  });
}

/**
 * Skips the check unless `body` (a record the check created) shows each string beyond ASCII that
 * `sent` carries as sent: a check that compares the record with what it sent cannot judge its own rule
 * on text the service changed, which is `owner`'s finding.
 */
export function requireTextKept(t: CheckContext, sent: unknown, body: unknown, owner: string): void {
  const changed = textChanged(sent, body);
  if (changed === undefined) return;
  t.skip(`the service shows ${changed.pointer} ${JSON.stringify(changed.shown)} for the ${JSON.stringify(changed.text)} sent, which is ${owner}'s finding: the check compares the record with what it sent`);
}
