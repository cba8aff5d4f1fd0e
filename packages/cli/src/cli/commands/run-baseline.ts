import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BaselineError, compareWithBaseline, loadBaseline, renderComparison, renderComparisonJson, utcDate, type Baseline } from '../../baseline/index.js';
import type { RunReport } from '../../reports/index.js';

/** Reads `--baseline FILE` before any request: a missing, unparsable or invalid file is a `BaselineError` (exit 2) naming the flag and the problem. */
export function readBaseline(path: string): Baseline {
  try {
    return loadBaseline(path);
  } catch (error) {
    // The loader names the file and the problem; which flag gave the file is the command's to say.
    if (error instanceof BaselineError) throw new BaselineError(`--baseline: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * After the run: compares its results with the baseline, prints the known/new/expired/fixed lines,
 * writes `baseline-result.json` beside the reports and returns the exit code. Only a run that
 * ended on its own (0 or 1) is judged again: 1 becomes 0 when every failure is known.
 */
export async function judgeWithBaseline(baseline: Baseline, report: RunReport, exitCode: number, reportDir: string): Promise<number> {
  if (exitCode !== 0 && exitCode !== 1) return exitCode;
  const today = utcDate();
  const comparison = compareWithBaseline(report.checks, baseline.waivers, today);
  process.stdout.write(renderComparison(baseline, comparison));
  await writeFile(join(reportDir, 'baseline-result.json'), renderComparisonJson(baseline, comparison, today));
  return comparison.failsRun ? 1 : 0;
}
