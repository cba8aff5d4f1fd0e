// The reusable GitHub Action (action.yml), its shell steps run as written: `${{ inputs.* }}` filled
// in as GitHub would, $GITHUB_ACTION_PATH this checkout (already installed, so the install step is
// left out), $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY files; the upload step is GitHub's own action.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { tempDir } from '../support/profile.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Step { name?: string; id?: string; run?: string; uses?: string; env?: Record<string, string> }
interface Action { inputs: Record<string, { default?: string }>; runs: { using: string; steps: Step[] } }

const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as Action;

/** Runs one shell step; the reference server answers in this process meanwhile. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ status: number; text: string }> {
  const child = spawn('bash', ['-e', '-c', script], { cwd, env });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status: status ?? 1, text })));
}

/** Runs the action's shell steps after the install one, as GitHub would, and returns the exit code of the last. */
async function runAction(inputs: Record<string, string>, env: Record<string, string>, cwd: string): Promise<{ code: number; summary: string; output: string; log: string }> {
  const values = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, inputs[name] ?? input.default ?? '']));
  const summary = join(cwd, 'step-summary.md');
  const outputs = join(cwd, 'github-output');
  writeFileSync(summary, '');
  writeFileSync(outputs, '');
  let log = '';
  let code = 0;
  const stepOutputs: Record<string, string> = {};
  for (const step of action.runs.steps.filter((candidate) => candidate.run !== undefined && !/npm ci/.test(candidate.run))) {
    const fill = (text: string) => text
      .replace(/\$\{\{ inputs\.([\w-]+) \}\}/g, (_all, name: string) => values[name] ?? '')
      .replace(/\$\{\{ steps\.run\.outputs\.([\w-]+) \}\}/g, (_all, name: string) => stepOutputs[name] ?? '');
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, fill(value)]));
    const result = await bash(fill(step.run!), cwd, { ...process.env, ...env, ...stepEnv, CI: 'true', GITHUB_ACTION_PATH: root, GITHUB_OUTPUT: outputs, GITHUB_STEP_SUMMARY: summary });
    log += result.text;
    for (const line of readFileSync(outputs, 'utf8').split('\n')) {
      const [name, ...value] = line.split('=');
      if (name) stepOutputs[name] = value.join('=');
    }
    code = result.status;
  }
  return { code, summary: readFileSync(summary, 'utf8'), output: stepOutputs['exit-code'] ?? '', log };
}

describe('the GitHub Action (action.yml)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, rateLimit: 10_000 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is used in README.md and docs/CI.md with inputs it has, and the README names every input and its output', () => {
    for (const doc of ['README.md', 'docs/CI.md']) {
      const text = readFileSync(join(root, doc), 'utf8');
      const step = /^```yaml\n( +- uses: your-org\/mfc@[^]*?)```/m.exec(text)?.[1];
      expect(step, `${doc} shows a step using the action`).toBeDefined();
      const [used] = parse(step!.replace(/^ {6}/gm, '')) as Array<{ with: Record<string, string> }>;
      expect(Object.keys(used!.with).filter((input) => !(input in action.inputs))).toEqual([]);
    }
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = /### With the GitHub Action\n([^]*?)\n## /.exec(readme)?.[1] ?? '';
    expect(Object.keys(action.inputs).filter((input) => !section.includes(`\`${input}\``))).toEqual([]);
    expect(section).toContain('`exit-code`');
  });

  it('is a composite action whose steps are shell steps and GitHub\'s upload action', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps.filter((step) => step.uses !== undefined).map((step) => step.uses)).toEqual(['actions/upload-artifact@v4']);
  });

  it('runs a profile, puts report.md on the summary page and passes the exit code on', async () => {
    const dir = tempDir('mfc-action-');
    const profile = join(dir, 'profile.json');
    writeFileSync(profile, JSON.stringify(server.profile));
    const passing = await runAction({ profile, only: 'v1.auth.*', 'report-dir': 'out' }, {}, dir);
    expect(passing.code, passing.log).toBe(0);
    expect(passing.output).toBe('0');
    expect(existsSync(join(dir, 'out', 'report.json'))).toBe(true);
    expect(passing.summary).toMatch(/mfc run report of `http:\/\/127\.0\.0\.1:\d+` \(local\): \d+ passed, 0 failed/);
    const wrong = await runAction({ profile, only: 'v9.no-such-check' }, {}, dir);
    expect(wrong.code).toBe(2);
  }, 120_000);

  it('runs a base URL with the token from the named variable, read-only', async () => {
    const dir = tempDir('mfc-action-');
    const result = await runAction({ 'base-url': server.url, 'token-env': 'STAGING_TOKEN', only: 'v2.auth.*' }, { STAGING_TOKEN: server.profile.tokens.primary }, dir);
    expect(result.code, result.log).toBe(0);
    expect(result.summary).toMatch(/mfc run report of `http:\/\/127\.0\.0\.1:\d+` \(local\): \d+ passed, 0 failed/);
    expect(result.log).not.toContain(server.profile.tokens.primary);
  }, 120_000);

  it('fails the step naming what to set when neither a profile nor a base URL is given', async () => {
    const result = await runAction({}, {}, tempDir('mfc-action-'));
    expect(result.code).toBe(2);
    expect(result.log).toContain('set the profile input, or base-url with token-env');
  });
});
