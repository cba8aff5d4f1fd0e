// The GitHub Actions workflow of README.md's "CI from your server's repository", read from the README
// and run step by step as a runner would, in a project that installed the packed packages: for
// test/package/consumer.test.ts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { seedIds } from '../../packages/cli/server/seed.js';
import { tokenFlags } from '../../packages/cli/src/setup/profile-yaml.js';
import type { TokenName } from '../../packages/cli/src/profile/index.js';
import { root } from './workspaces.js';

/** One step of the workflow, as its YAML gives it. */
export interface WorkflowStep {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
}

/** What one step did: its exit code, its output, and how long it took. */
export interface StepOutcome {
  step: WorkflowStep;
  code: number;
  output: string;
  ms: number;
}

/** The workflow's steps, in order, from the README as it is now. */
export function readmeWorkflowSteps(): WorkflowStep[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /## CI from your server's repository\n[^]*?```yaml\n([^]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error('README.md\'s "CI from your server\'s repository" shows no workflow');
  const workflow = parse(block) as { jobs: Record<string, { steps: WorkflowStep[] }> };
  const [job, ...others] = Object.values(workflow.jobs);
  if (job === undefined || others.length > 0) throw new Error('the README\'s workflow should hold one job');
  return job.steps;
}

/**
 * The variables the steps read tokens from, each holding the reference seed's token its flag names
 * (`--token-env MFC_TOKEN`: the primary's): the job's `env:` from secrets, as a runner would set it.
 */
export function seedTokenEnv(steps: readonly WorkflowStep[]): Record<string, string> {
  const flags: Array<[string, TokenName]> = [['--token-env', 'primary'], ...(Object.entries(tokenFlags) as Array<[TokenName, string]>).map(([key, flag]): [string, TokenName] => [flag, key])];
  const text = steps.map((step) => step.run ?? '').join('\n');
  return Object.fromEntries(flags.flatMap(([flag, key]) => {
    const variable = new RegExp(`${flag} (\\w+)`).exec(text)?.[1];
    return variable === undefined ? [] : [[variable, seedIds.tokens[key as keyof typeof seedIds.tokens]]];
  }));
}

/**
 * Runs the steps with bash (`-e`, as a runner does) in `cwd`, one after another: after a failed step
 * only those marked `if: always()` run; a `uses:` step (GitHub's own actions) is left out. `edit`
 * turns each step's script into the one to run here (a free port, the installed `mfc` on PATH).
 */
export async function runSteps(steps: readonly WorkflowStep[], options: { cwd: string; env: NodeJS.ProcessEnv; edit: (script: string) => string }): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  for (const step of steps) {
    if (step.run === undefined) continue;
    if (outcomes.some((outcome) => outcome.code !== 0) && step.if !== 'always()') continue;
    const started = performance.now();
    const child = spawn('bash', ['--noprofile', '--norc', '-e', '-c', options.edit(step.run)], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number>((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
    outcomes.push({ step, code, output, ms: performance.now() - started });
  }
  return outcomes;
}
