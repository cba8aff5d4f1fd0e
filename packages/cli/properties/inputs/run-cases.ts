// A generated-input check: the operation's input derived from the documents, its cases drawn by kind
// within the budget, each judged (judge.ts); a failing case shrunk by fast-check within a bound of
// requests and reported with the operation, what made the difference, the smallest failing input, its
// curl line, the seed and the command that replays it.
import fc from 'fast-check';
import { documentOperation, type JsonSchema } from '@mfc-conformance/api/internal';
import { CheckFailure, isSkip, type CheckContext } from '../../src/checks/index.js';
import type { Fixtures } from '../../src/profile/index.js';
import { replayCommand, visible } from '../support/property.js';
import { casesPerKind, casesPerOperation } from './budget.js';
import { caseArb, differences, valueAt, type CaseKind, type GeneratedCase } from './cases.js';
import { deriveSchema } from './derive.js';
import { breakWith, type Break, type Derived } from './derived.js';
import { CaseFailure, judgeCase } from './judge.js';
import type { GeneratedOperation } from './operation.js';
import { forQuery, querySchema } from './query.js';
import { specWords } from './words.js';

// A failing case is shrunk until it has cost this many requests more: enough to take a body of twenty
// properties back to the one that matters, bounded at the run's pace (three minutes at 50 a minute).
export const SHRINK_REQUEST_BUDGET = 150;
// Leaves room under the runner's 3-minute check timeout for the premise, cleanups and pacing waits.
const TIME_LIMIT_MS = 120_000;

/** The schema an operation's cases are drawn from: its request body, or its query parameters as one object. */
export function inputSchema(op: Pick<GeneratedOperation, 'api' | 'operation' | 'input'>): JsonSchema {
  const operation = documentOperation(op.api, op.operation);
  if (op.input === 'query') return querySchema(operation.parameters ?? []);
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`${op.api} ${op.operation} takes no JSON body`);
  return schema;
}

/** What the operation's input allows and forbids, with the words and the profile's `fixtures`. */
export function deriveInput(op: GeneratedOperation, fixtures: Fixtures): Derived {
  const words = specWords(op.api, { salesChannelId: fixtures.salesChannelId, ...(fixtures.warehouseId === undefined ? {} : { warehouseId: fixtures.warehouseId }), skus: op.skus?.(fixtures) ?? (fixtures.sku ? [fixtures.sku] : []) }, op.leftOut);
  const schema = inputSchema(op);
  const sent = op.alwaysSent ?? [];
  const drawn = deriveSchema(sent.length === 0 ? schema : { ...schema, required: [...(Array.isArray(schema.required) ? schema.required : []), ...sent] }, { words });
  const breaks = drawn.breaks.flatMap((entry): Break[] => {
    if (entry.keyword === 'required' && [...(op.defaulted ?? []), ...sent].some((name) => entry.pointer === `/${name}`)) return [];
    // An update may merge an object it is sent (§4.1 rule 2; §4.2: only provided fields change): a
    // property the object leaves out, or all its alternatives, may be kept from the record.
    if (op.kept?.update === true && (entry.keyword === 'required' || entry.keyword === 'anyOf')) return [];
    if (entry.keyword !== 'type' || entry.values === undefined) return [entry];
    // Null is no break for a property the document leaves optional (as for every optional one), nor in an
    // update, where whether null clears or keeps a value is not shown (§4.1 rule 2 keeps "most"). v1 reads
    // values leniently (§4.1 v1 request body rules): how it reads a boolean or null is not stated.
    const lenient = (value: unknown) => (value === null && (op.kept?.update === true || op.api === 'v1' || sent.some((name) => entry.pointer === `/${name}`)))
      || (op.api === 'v1' && typeof value === 'boolean');
    const values = entry.values.filter((value) => !lenient(value));
    return values.length === 0 ? [] : [breakWith(entry.pointer, entry.keyword, values)];
  });
  const derived = { ...drawn, breaks };
  return op.input === 'query' ? forQuery(derived) : derived;
}

const kinds: readonly CaseKind[] = ['valid', 'boundary', 'limits', 'invalid'];

/** What a case put where the plain input has something else: the pointers and values that made the difference. */
function differenceText(generated: GeneratedCase, plain: unknown): string {
  if (generated.broken) return `${generated.broken.pointer || '(the input itself)'} breaks ${generated.broken.keyword}: ${visible(JSON.stringify(valueAt(generated.value, generated.broken.pointer)) ?? 'left out')}`;
  const pointers = differences(generated.value, plain);
  return pointers.map((pointer) => `${pointer || '(the input itself)'} ${visible(JSON.stringify(valueAt(generated.value, pointer)) ?? 'left out')}`).join('; ');
}

/** Runs `op`'s generated cases for `t`; throws the check's failure for the first kind whose case breaks a rule. */
export async function runGeneratedCases<Prepared>(t: CheckContext, op: GeneratedOperation<Prepared>): Promise<void> {
  const derived = deriveInput(op, t.fixtures);
  const schema = op.input === 'body' ? inputSchema(op) : undefined;
  const prepared = op.prepare ? await op.prepare(t) : (undefined as Prepared);
  const budget = casesPerOperation(t);
  const perKind = casesPerKind(budget, kinds.filter((kind) => caseArb(derived, kind) !== undefined));
  const counts: string[] = [];
  for (const kind of kinds) {
    const numRuns = perKind[kind] ?? 0;
    const arb = caseArb(derived, kind);
    if (numRuns === 0 || arb === undefined) continue;
    counts.push(`${numRuns} ${kind}`);
    await runKind(t, op, schema, prepared, derived, kind, fc.limitShrink(arb, SHRINK_REQUEST_BUDGET), numRuns, budget);
  }
  t.note(`generated cases: ${counts.join(', ')}`);
}

async function runKind<Prepared>(
  t: CheckContext, op: GeneratedOperation<Prepared>, schema: JsonSchema | undefined, prepared: Prepared, derived: Derived,
  kind: CaseKind, arb: fc.Arbitrary<GeneratedCase>, numRuns: number, budget: number,
): Promise<void> {
  const failures = new WeakMap<GeneratedCase, CaseFailure>();
  let shrinkRequests: number | undefined;
  const details = await fc.check(fc.asyncProperty(arb, async (generated) => {
    // Past the bound, a shrink candidate is taken as passing unsent: the smallest failure so far stands.
    if (shrinkRequests !== undefined && shrinkRequests >= SHRINK_REQUEST_BUDGET) return;
    const before = t.exchanges.length;
    try {
      await judgeCase(t, op, schema, prepared, generated);
    } catch (error) {
      if (error instanceof CaseFailure) failures.set(generated, error);
      throw error;
    } finally {
      if (shrinkRequests !== undefined) shrinkRequests += t.exchanges.length - before;
      else if (failures.has(generated)) shrinkRequests = 0;
    }
  }), { seed: t.seed, numRuns, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false });
  if (!details.failed || details.counterexample === null) return;
  const [counterexample] = details.counterexample;
  const inner = details.errorInstance;
  if (isSkip(inner)) throw inner;
  await skipUnlessPlainPasses(t, op, schema, prepared, derived);
  const failure = failures.get(counterexample);
  const lines = [
    `Operation: ${op.api} ${op.operation}; ${kind} case (shrunk ${details.numShrinks} time(s))`,
    `What made the difference: ${differenceText(counterexample, derived.plain)}`,
    `Smallest failing input: ${visible(JSON.stringify(failure?.sentCase.sent ?? counterexample.value))}`,
    `{ seed: ${details.seed}, path: "${details.counterexamplePath ?? ''}" }`,
    `Replay with: ${replayCommand(t.runCommand, op.id, t.seed, t.runs)}${t.cases === undefined ? '' : ` --cases ${budget}`}`,
  ];
  const detail = inner instanceof CheckFailure ? inner.detail : undefined;
  throw new CheckFailure(
    {
      title: `Generated input: ${detail?.title ?? 'the case threw'}`,
      expected: detail?.expected ?? 'the case to pass',
      received: [detail?.received ?? String(inner instanceof Error ? inner.message : inner), ...lines].join('\n'),
      ...(failure ? { exchange: failure.sentCase.answer.exchange } : {}),
    },
    inner instanceof CheckFailure ? inner.exchanges : t.exchanges.slice(-5),
  );
}

/**
 * Skips the check when the plain input (ordinary values, text beyond ASCII as merchants write it) fails
 * as well: then no generated value made the difference, and the defect is the finding of the checks that
 * send ordinary inputs.
 */
async function skipUnlessPlainPasses<Prepared>(t: CheckContext, op: GeneratedOperation<Prepared>, schema: JsonSchema | undefined, prepared: Prepared, derived: Derived): Promise<void> {
  try {
    await judgeCase(t, op, schema, prepared, { kind: 'valid', value: derived.plain });
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    t.skip(`the plain input fails as well (${error.detail.title}: ${error.detail.received.split('\n')[0]}), so no generated value made the difference: the finding of the checks that send ordinary inputs`);
  }
}
