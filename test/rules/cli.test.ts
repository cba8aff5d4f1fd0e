import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('mfc rules', () => {
  it('prints the rules grouped by §, with their checks or the unobservable reason, and the coverage line', async () => {
    const result = await runCli(['rules']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^§1\n {2}scope\.v1\.orders-own-channel: \[request\] .*\n {6}checks: v1\.scope\.other-channel-order-404/);
    expect(result.stdout).toMatch(/\n {2}conventions\.currency-pattern: \[answer, write\] Currency/);
    expect(result.stdout).toMatch(/\n {2}orders\.v1\.list-excludes-manual: .*\n {6}unobservable: Which orders were created manually/);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(/^rules: \d+ with a check, \d+ unobservable, \d+ without a check$/);
  });

  it('--section shows one § and its subsections only', async () => {
    const result = await runCli(['rules', '--section', '6']);
    expect(result.code).toBe(0);
    const headings = result.stdout.split('\n').filter((line) => line.startsWith('§'));
    expect(headings).toEqual(['§6', '§6.1', '§6.2', '§6.3']);
  });

  const wrong: Array<[string, { args: string[]; want: RegExp }]> = [
    ['an unknown flag', { args: ['--verbose'], want: /unknown or malformed flag --verbose/ }],
    ['a section that is not a number', { args: ['--section', 'four'], want: /--section expects a section number/ }],
    ['a section without rules', { args: ['--section', '42'], want: /no rule sits under §42/ }],
  ];
  it.each(wrong)('exits 2 on %s', async (_name, { args, want }) => {
    const result = await runCli(['rules', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(want);
  });
});

describe('mfc run --list', () => {
  it('prints every selected check with §, writes, needs and rules, without a profile or any request', async () => {
    const result = await runCli(['run', '--list', '--only', 'v1.orders.create.*', '--api', 'v1']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^v1\.orders\.create\.duplicate-409 +§4\.1 +writes +needs fixtures\.sku\n +rules: .*orders\.v1\.duplicate-409/m);
    expect(result.stdout).not.toMatch(/^v1\.orders\.update\./m);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ check\(s\) selected, \d+ of them write; no request was sent$/);
    // A cold start imports every check file for its declarations: it must stay quick.
    expect(result.durationMs).toBeLessThan(30_000);
  });

  it('marks read-only checks and lists the checks of the other api only when asked', async () => {
    const result = await runCli(['run', '--list', '--api', 'v2', '--only', '*.auth.*']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^v2\.auth\.missing-token-401 +§5 +reads\n +rules: auth\.missing-token-401/m);
    expect(result.stdout).not.toContain('v1.auth.');
  });

  it('exits 2 when --only selects no check', async () => {
    const result = await runCli(['run', '--list', '--only', 'v9.*']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--only "v9\.\*" selects no check/);
  });
});
