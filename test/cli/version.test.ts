// `mfc --version`: the package's version, from package.json, without loading any command.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliVersion } from '../../packages/cli/src/version.js';
import { runMfcInProcess, spawnMfcSource } from '../webhooks/spawn.js';

const { version } = JSON.parse(readFileSync(new URL('../../packages/cli/package.json', import.meta.url), 'utf8')) as { version: string };

describe('mfc --version', () => {
  it.each([['--version'], ['-v']])('mfc %s prints the version of package.json and exits 0', async (flag) => {
    expect(await runMfcInProcess([flag])).toEqual({ code: 0, out: `${version}\n` });
  });

  it('mfc --help names it', async () => {
    const { code, out } = await runMfcInProcess(['--help']);
    expect(code).toBe(0);
    expect(out).toContain('mfc --version (-v)');
  });

  it('mfc --help lists the commands in a user\'s order, then the reference server\'s and the documents\' tools', async () => {
    const { out } = await runMfcInProcess(['--help']);
    const listed = [...out.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((match) => match[1]);
    expect(listed).toEqual(['init', 'doctor', 'run', 'cleanup', 'baseline', 'proxy', 'webhooks', 'rules', 'serve', 'generate', 'lint']);
    expect(out).toMatch(/\n  rules .*\n\nThe reference server and the OpenAPI documents:\n  serve /);
  });

  it('answers in its own process, on stdout only', async () => {
    // `--` first: node would take a leading --version after -e as its own flag.
    const child = spawnMfcSource(['--', '--version']);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, out, err }).toEqual({ code: 0, out: `${version}\n`, err: '' });
  });

  const table: Array<[string, { given: URL; want: string }]> = [
    ['from the sources (src/)', { given: new URL('../../packages/cli/src/version.ts', import.meta.url), want: version }],
    ['from the build (dist/src/), which holds no package.json of its own', { given: new URL('../../packages/cli/dist/src/version.js', import.meta.url), want: version }],
  ];
  it.each(table)('finds package.json %s', (_name, { given, want }) => {
    expect(cliVersion(given)).toBe(want);
  });

  it('imports nothing but node:fs, so it costs no more than mfc --help', () => {
    const source = readFileSync(new URL('../../packages/cli/src/version.ts', import.meta.url), 'utf8');
    expect([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1])).toEqual(['node:fs']);
  });
});
