import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = ['types.ts', 'validators.js', 'validators.d.ts', 'openapi.json', 'openapi.yaml', 'openapi.dereferenced.json', 'operations.ts'];

describe('mfc generate --out DIR: generated code vendored into another project', () => {
  const project = mkdtempSync(join(tmpdir(), 'mfc-vendor-'));
  const out = join(project, 'src/api');
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('--help documents --out', async () => {
    const help = await runCli(['generate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--out DIR');
  });

  it('writes the same files as generated/, one folder per version; --check then passes, and fails after an edit', async () => {
    const written = await runCli(['generate', '--out', out], { timeoutMs: 90_000 });
    expect(written.code).toBe(0);
    expect(written.stdout).toContain(`wrote 14 files under ${out}/`);
    for (const api of ['v1', 'v2']) {
      for (const file of files) expect(readFileSync(join(out, api, file), 'utf8')).toBe(readFileSync(join(root, 'packages/api/generated', api, file), 'utf8'));
    }
    expect(existsSync(join(root, 'packages/api/generated', 'generated'))).toBe(false);

    expect((await runCli(['generate', '--out', out, '--check'], { timeoutMs: 90_000 })).code).toBe(0);
    writeFileSync(join(out, 'v2/types.ts'), '// edited by hand\n');
    const drift = await runCli(['generate', '--out', out, '--check'], { timeoutMs: 90_000 });
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain('v2/types.ts is out of date');
  }, 180_000);

  it('the vendored validators run in that project with its own ajv', async () => {
    // The other project's dependencies: ajv and ajv-formats, as `mfc generate --help` says.
    symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
    const validators = (await import(pathToFileURL(join(out, 'v1/validators.js')).href)) as Record<string, (value: unknown) => boolean>;
    const validateError = validators.schema_Error;
    expect(validateError?.({ success: false, errors: ['no'] })).toBe(true);
    expect(validateError?.({ success: true })).toBe(false);
  });
});
