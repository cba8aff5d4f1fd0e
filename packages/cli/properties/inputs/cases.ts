// Generated cases of one kind each, as Schemathesis draws them: valid ones across the whole legal
// range, valid ones at the stated edges (boundary), valid ones past the limits §8 leaves open, and
// invalid ones that break exactly one stated constraint of an otherwise valid input.
import fc from 'fast-check';
import { ABSENT, type Break, type Derived } from './derived.js';

/** The kinds of generated case; `limits` cases are boundary cases whose refusal (4xx) is legal. */
export type CaseKind = 'valid' | 'boundary' | 'limits' | 'invalid';

/** One generated input: a body or a query, and for an invalid one the constraint it breaks. */
export interface GeneratedCase {
  kind: CaseKind;
  value: unknown;
  broken?: { pointer: string; keyword: string };
}

const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
const tokensOf = (pointer: string) => (pointer === '' ? [] : pointer.slice(1).split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~')));

/** What `value` holds at `pointer`, or undefined. */
export function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const token of tokensOf(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/**
 * `value` with `change` made at `pointer`: what lies on the way and is missing (an optional property
 * the drawn input left out, an empty array's first item) is taken from `full`, so the break lands.
 */
export function changedAt(value: unknown, full: unknown, pointer: string, change: (current: unknown) => unknown): unknown {
  const tokens = tokensOf(pointer);
  if (tokens.length === 0) return change(copy(value));
  const root = copy(value) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  let template = full as Record<string, unknown> | undefined;
  for (const token of tokens.slice(0, -1)) {
    template = template?.[token] as Record<string, unknown> | undefined;
    if (node[token] === undefined || node[token] === null || typeof node[token] !== 'object') node[token] = copy(template);
    node = node[token] as Record<string, unknown>;
  }
  const last = tokens.at(-1)!;
  const next = change(node[last] === undefined ? copy(template?.[last]) : node[last]);
  if (next === ABSENT) delete node[last];
  else node[last] = next;
  return root;
}

/** An invalid input: a valid one with exactly one of `breaks` made. */
function invalidArb(derived: Derived): fc.Arbitrary<GeneratedCase> {
  const { breaks } = derived;
  // Which constraint breaks is not shrunk: a smaller case breaks the same one, and names it.
  return fc.noShrink(fc.nat({ max: breaks.length - 1 })).chain((index) => {
    const broken: Break = breaks[index]!;
    return fc.tuple(derived.valid, broken.value).map(([valid, bad]): GeneratedCase => ({
      kind: 'invalid',
      value: changedAt(valid, derived.full, broken.pointer, (current) => (broken.change ? broken.change(current) : bad)),
      broken: { pointer: broken.pointer, keyword: broken.keyword },
    }));
  });
}

/** The arbitrary of one kind of case over `derived`; undefined when the kind has nothing to draw (no break, no open limit). */
export function caseArb(derived: Derived, kind: CaseKind): fc.Arbitrary<GeneratedCase> | undefined {
  switch (kind) {
    case 'valid':
      return derived.valid.map((value) => ({ kind, value }));
    case 'boundary':
      return derived.boundary.map((value) => ({ kind, value }));
    case 'limits':
      return derived.limits?.map((value) => ({ kind, value }));
    case 'invalid':
      return derived.breaks.length === 0 ? undefined : invalidArb(derived);
  }
}

const isContainer = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The JSON pointers where `value` differs from `plain`: what made the difference once a case has shrunk. */
export function differences(value: unknown, plain: unknown, pointer = ''): string[] {
  if (JSON.stringify(value) === JSON.stringify(plain)) return [];
  if (!isContainer(value) || !isContainer(plain) || Array.isArray(value) !== Array.isArray(plain)) return [pointer];
  if (Array.isArray(value) && value.length !== (plain as unknown as unknown[]).length) return [pointer];
  const keys = new Set([...Object.keys(value), ...Object.keys(plain)]);
  return [...keys].flatMap((key) => differences(value[key], (plain as Record<string, unknown>)[key], `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`));
}
