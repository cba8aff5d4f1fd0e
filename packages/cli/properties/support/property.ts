import fc from 'fast-check';
import { CheckFailure, isSkip, type CheckContext } from '../../src/checks/index.js';
import type { RecordedExchange } from '../../src/http/index.js';

/** What a property check declares besides its body: its id (for the replay line) and its default number of runs. */
export interface PropertyBudget {
  id: string;
  /** Runs at the default `--runs`; each run's requests times this is the property's request budget. */
  runs: number;
  /** Stops generating (and shrinking) after this long, so the check stays inside the run's check timeout. */
  timeLimitMs?: number;
}

// Leaves room under the runner's 3-minute check timeout for setup, cleanups and pacing waits.
const DEFAULT_TIME_LIMIT_MS = 120_000;

/**
 * Text with characters outside printable ASCII written as escapes: a counterexample of a lone accent or
 * a no-break space must not read as an empty string or a blank.
 */
export function visible(text: string): string {
  return text.replace(/[^\x20-\x7e]/gu, (char) => [...char].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join(''));
}

/** The command that replays a property's run: the same target, seed and runs, only this check. */
export function replayCommand(runCommand: string, id: string, seed: number, runs: number | undefined): string {
  return `${runCommand} --only '${id}' --seed ${seed}${runs === undefined ? '' : ` --runs ${runs}`}`;
}

/**
 * Runs a fast-check property with the run's seed and a budget scaled by `--runs`; a failure becomes a
 * `CheckFailure` carrying the shrunk counterexample, `{ seed, path }` and the replay command.
 */
export async function assertProperty<Ts extends [unknown, ...unknown[]]>(
  t: CheckContext,
  budget: PropertyBudget,
  property: fc.IAsyncProperty<Ts>,
): Promise<void> {
  const numRuns = t.runs ?? budget.runs;
  // fc.check is fc.assert without the throw: the details let the failure read like every other check's.
  const details = await fc.check(property, {
    seed: t.seed,
    numRuns,
    interruptAfterTimeLimit: budget.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    markInterruptAsFailure: false,
  });
  if (!details.failed || details.counterexample === null) return;
  const inner = details.errorInstance;
  // A premise that did not hold (t.skip inside a case) skips the check: it is no counterexample.
  if (isSkip(inner)) throw inner;
  const lines = [
    `Counterexample (shrunk ${details.numShrinks} times): ${visible(fc.stringify(details.counterexample))}`,
    `{ seed: ${details.seed}, path: "${details.counterexamplePath ?? ''}" }`,
    `Replay with: ${replayCommand(t.runCommand, budget.id, t.seed, t.runs)}`,
  ];
  const exchange: RecordedExchange | undefined = inner instanceof CheckFailure ? inner.exchanges.at(-1) : undefined;
  throw new CheckFailure(
    {
      title: `Property ${budget.id} failed after ${details.numRuns} run(s): ${inner instanceof CheckFailure ? inner.detail.title : 'the property threw'}`,
      expected: inner instanceof CheckFailure ? inner.detail.expected : 'the property to hold',
      received: [inner instanceof CheckFailure ? inner.detail.received : String(inner instanceof Error ? inner.message : inner), ...lines].join('\n'),
      ...(exchange ? { exchange } : {}),
    },
    inner instanceof CheckFailure ? inner.exchanges : t.exchanges.slice(-5),
  );
}
