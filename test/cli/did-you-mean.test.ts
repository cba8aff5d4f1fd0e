// Errors that say the fix: a mistyped command, flag or target names the right one; the target flags
// take the profile mfc init writes, and the token only from a variable.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseFlags, targetFlags } from '../../packages/cli/src/cli/flags.js';
import { main } from '../../packages/cli/src/cli/main.js';
import { targetArgs, targetProfile, withDefaultProfile } from '../../packages/cli/src/cli/target.js';
import { closestName } from '../../packages/cli/src/text/did-you-mean.js';

describe('closestName', () => {
  it.each<[string, { given: string; known: string[]; want: string | undefined }]>([
    ['a dropped letter', { given: 'doctr', known: ['init', 'doctor', 'run'], want: 'doctor' }],
    ['a missing plural', { given: 'allowWrite', known: ['baseUrl', 'allowWrites'], want: 'allowWrites' }],
    ['another case', { given: 'baseURL', known: ['baseUrl', 'environment'], want: 'baseUrl' }],
    ['a swapped pair', { given: '--profle', known: ['--profile', '--only'], want: '--profile' }],
    ['nothing near', { given: 'colour', known: ['baseUrl', 'environment'], want: undefined }],
    ['a short name two edits off', { given: 'rn', known: ['init'], want: undefined }],
  ])('%s', (_name, { given, known, want }) => {
    expect(closestName(given, known)).toBe(want);
  });
});

describe('the CLI names what was meant', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each<[string, { args: string[]; want: RegExp }]>([
    ['a flag one letter off', { args: ['--profle', 'p.yaml'], want: /^unknown or malformed flag --profle\. Did you mean --profile\? Run "mfc run --help"\.$/ }],
    ['a flag far from every known one', { args: ['--colour', 'red'], want: /^unknown or malformed flag --colour\. Run "mfc run --help"\.$/ }],
  ])('%s', (_name, { args, want }) => {
    expect(() => parseFlags('run', args, { ...targetFlags, only: { type: 'string' } })).toThrow(want);
  });

  it('a command one letter off', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    expect(await main(['doctr'])).toBe(2);
    expect(written.join('')).toBe('mfc: unknown command "doctr". Did you mean "doctor"? Run "mfc --help" for the list.\n');
  });
});

describe('the target flags', () => {
  afterEach(() => vi.restoreAllMocks());

  it('take ./mfc-profile.yaml when no target flag is given, and only then', () => {
    const folder = mkdtempSync(join(tmpdir(), 'mfc-default-profile-'));
    const here = (name: string) => join(folder, name);
    expect(withDefaultProfile({}, folder)).toEqual({});
    writeFileSync(here('mfc-profile.yaml'), 'baseUrl: http://127.0.0.1:1\n');
    expect(withDefaultProfile({}, folder)).toEqual({ profile: 'mfc-profile.yaml' });
    expect(withDefaultProfile({ profile: 'other.yaml' }, folder)).toEqual({ profile: 'other.yaml' });
    expect(withDefaultProfile({ 'base-url': 'http://127.0.0.1:1' }, folder)).toEqual({ 'base-url': 'http://127.0.0.1:1' });
  });

  it.each<[string, { values: Record<string, string>; env: NodeJS.ProcessEnv; want: RegExp }]>([
    ['no target', { values: {}, env: {}, want: /^needs --profile FILE \(in this folder mfc-profile.yaml, which mfc init writes, is taken without it\), or --base-url URL --token-env VAR$/ }],
    ['a base URL without its scheme', { values: { 'base-url': '127.0.0.1:8080', 'token-env': 'T' }, env: {}, want: /^--base-url "127.0.0.1:8080" has no scheme: add the scheme: http:\/\/127.0.0.1:8080$/ }],
    ['a variable that is not set', { values: { 'base-url': 'http://127.0.0.1:1', 'token-env': 'T' }, env: {}, want: /^--token-env T: the environment variable T is not set: export T=… first$/ }],
    ['a variable that is empty', { values: { 'base-url': 'http://127.0.0.1:1', 'token-env': 'T' }, env: { T: '' }, want: /^--token-env T: the environment variable T is set but empty/ }],
  ])('refuse %s with the fix', (_name, { values, env, want }) => {
    expect(() => targetProfile(values, env)).toThrow(want);
  });

  it('read the token from its variable, and a printed command names the variable, never the token', () => {
    const values = { 'base-url': 'http://127.0.0.1:1', 'token-env': 'SANDBOX_TOKEN' };
    const profile = targetProfile(values, { SANDBOX_TOKEN: 'tok-sandbox-secret' });
    expect(profile).toMatchObject({ environment: 'local', tokens: { primary: 'tok-sandbox-secret' }, tokenSources: { primary: '$SANDBOX_TOKEN' } });
    expect(targetArgs(values)).toBe('--base-url http://127.0.0.1:1 --token-env SANDBOX_TOKEN');
    expect(targetArgs({ 'base-url': 'http://127.0.0.1:1', token: 'tok-sandbox-secret' })).toBe('--base-url http://127.0.0.1:1 --token-env MFC_TOKEN');
  });
});
