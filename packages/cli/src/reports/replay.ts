import type { CheckResult, RunReport } from './model.js';

/** What `mfc run` stands for when the report does not say how the run reached its target. */
export const DEFAULT_RUN_COMMAND = 'mfc run --profile <profile>';

// Pseudo-checks the runner reports itself (run.target.reachable, run.deadline, …): `--only` selects none of them.
function replayable(result: CheckResult): boolean {
  return result.status === 'failed' && !result.id.startsWith('run.');
}

// Check ids are dotted words; anything else is quoted for the shell.
function shellWord(text: string): string {
  return /^[\w.*@:/-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The first failed check a person can replay alone (not one of the runner's `run.*` pseudo-checks). */
export function firstReplayable(report: RunReport): CheckResult | undefined {
  return report.checks.find(replayable);
}

/** The command that replays one check: `<command> --only <id> --seed <seed>`, the seed when the report knows it. */
export function replayCommand(report: RunReport, checkId: string, command = report.run?.command ?? DEFAULT_RUN_COMMAND): string {
  const seed = report.run === undefined ? '' : ` --seed ${report.run.seed}`;
  return `${command} --only ${shellWord(checkId)}${seed}`;
}
