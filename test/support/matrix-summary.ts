// vitest's global setup: the fault matrix runs as one test file per area (test/fault-matrix/faults/),
// each in whichever worker vitest gives it, so no test file sees the whole matrix. Each area writes
// its outcomes to the folder this setup names in MFC_MATRIX_OUTCOMES; once every file has run, the
// teardown prints one line for the whole matrix (and writes it as JSON to MFC_MATRIX_SUMMARY when set).
// That every fault fails exactly its mapped checks is each area's own test; docs/PROOF.md's numbers are
// checked against the catalogue by test/docs/proof.test.ts.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The environment variable naming the folder the areas write their outcomes to. */
export const MATRIX_OUTCOMES = 'MFC_MATRIX_OUTCOMES';

/** How one fault's run ended. */
export interface MatrixOutcome {
  fault: string;
  failed: string[];
  caught: boolean;
  exact: boolean;
}

/** The line and the JSON summary of the outcomes of the faults that ran. */
function summarise(outcomes: readonly MatrixOutcome[]) {
  const killed = outcomes.filter((o) => o.caught).length;
  const exact = outcomes.filter((o) => o.exact).length;
  const meanFailing = Number((outcomes.reduce((sum, o) => sum + o.failed.length, 0) / outcomes.length).toFixed(2));
  return {
    line: `fault matrix: ${killed}/${outcomes.length} faults killed (${((killed / outcomes.length) * 100).toFixed(1)}%), ` +
      `${exact} in exactly their mapped checks, mean failing checks per fault ${meanFailing}`,
    json: {
      faults: outcomes.length,
      killed,
      killRatio: killed / outcomes.length,
      exact,
      meanFailingChecksPerFault: meanFailing,
      inexact: outcomes.filter((o) => !o.exact).map((o) => ({ fault: o.fault, failed: o.failed })),
    },
  };
}

export default function setup(): () => void {
  // In the system's temporary folder, not the tests' (test/support/temp-root.ts), which may be gone by the teardown.
  const dir = mkdtempSync(join(tmpdir(), 'mfc-matrix-'));
  process.env[MATRIX_OUTCOMES] = dir;
  return () => {
    const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
    const outcomes = files.flatMap((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as MatrixOutcome[]);
    rmSync(dir, { recursive: true, force: true });
    if (outcomes.length === 0) return;
    const { line, json } = summarise(outcomes);
    process.stdout.write(`${line}\n`);
    if (process.env.MFC_MATRIX_SUMMARY) writeFileSync(process.env.MFC_MATRIX_SUMMARY, `${JSON.stringify(json, null, 2)}\n`);
  };
}
