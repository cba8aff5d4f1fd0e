// The README's GitHub Actions recipe, run as written: its `run:` lines in one shell, `npx mfc` being
// this checkout's CLI, in a fresh folder, with $GITHUB_STEP_SUMMARY pointing at a file.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import { tempDir } from '../support/profile.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The `run:` lines of the README's workflow, in order. */
function recipeRuns(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /## CI recipe \(GitHub Actions\)[^]*?```yaml\n([^]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error('README.md has no CI recipe block');
  const workflow = parse(block) as { jobs: Record<string, { steps: Array<{ run?: string }> }> };
  return Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run])));
}

describe('the README CI recipe', () => {
  it('starts the server, runs the checks, writes the reports and the step summary', async () => {
    const runs = recipeRuns().filter((line) => line.trim() !== 'npm ci');
    expect(runs.length).toBeGreaterThanOrEqual(3);
    const dir = tempDir('mfc-ci-');
    const port = await freePort();
    const summary = join(dir, 'step-summary.md');
    // `npx mfc` is this checkout's CLI (a script that execs node, so the server's job is node itself
    // and the trap ends it); the recipe's fixed port becomes a free one.
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'mfc'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(root, 'packages/cli/bin/mfc.mjs'))} "$@"\n`, { mode: 0o755 });
    const script = [
      'set -e',
      'trap \'kill $(jobs -p) 2>/dev/null || true\' EXIT',
      ...runs.map((line) => line.replaceAll('npx mfc', 'mfc').replaceAll('--port 8080', `--port ${port}`)),
    ].join('\n');
    const child = spawn('bash', ['-c', script], { cwd: dir, env: { ...process.env, CI: 'true', GITHUB_STEP_SUMMARY: summary, PATH: `${bin}:${process.env.PATH ?? ''}` } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, output).toBe(0);
    for (const file of ['report.json', 'junit.xml', 'report.html', 'report.md']) expect(existsSync(join(dir, 'reports', file))).toBe(true);
    expect(readFileSync(summary, 'utf8')).toMatch(/mfc run report: \d+ passed, 0 failed/);
  }, 90_000);
});
