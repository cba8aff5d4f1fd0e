// Import what you use (issue 39): the built api package's client entry loads neither the HTTP stack
// (undici) nor the validators (ajv) until a request or a validation needs them, and the webhooks entry
// verifies a signature without either. Judged by what a fresh process has loaded, not by a clock:
// `npm run bench` measures the time (≤ 100 ms for the client entry with validation off).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusingUrl } from '../support/fake-target.js';
import { root } from './workspaces.js';

const built = (file: string): string => JSON.stringify(pathToFileURL(join(root, 'packages/api/dist/src', file)).href);

/**
 * Runs `steps` (the body of an async function given `loaded`, which notes the packages loaded so far
 * under a name) in a fresh Node process; returns the notes. Every CommonJS module, required or
 * imported, is in the process's module cache.
 */
function loadedAlong(steps: string): Record<string, string[]> {
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const notes = {};
    const loaded = (name) => notes[name] = [...new Set(Object.keys(require.cache)
      .filter((path) => path.includes('/node_modules/'))
      .map((path) => path.slice(path.lastIndexOf('/node_modules/') + 14).split('/'))
      .map(([scope, name]) => scope.startsWith('@') ? scope + '/' + name : scope))].sort();
    ${steps}
    process.stdout.write(JSON.stringify(notes));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) throw new Error(`node exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, string[]>;
}

describe('what the api package\'s entries load, and when', () => {
  it('the client: nothing with validation off until its first request, then undici; ajv at the first validation', async () => {
    const notes = loadedAlong(`
      const { createClient } = await import(${built('client/index.js')});
      loaded('imported');
      const client = createClient({ baseUrl: ${JSON.stringify(await refusingUrl())}, token: 't', version: 'v2', maxRetries: 0 });
      loaded('created');
      await client.GET('/orders').catch(() => undefined);
      loaded('requested');
      const { validateSchema } = await import(${built('public/validators.js')});
      loaded('validators imported');
      validateSchema('v2', 'Order', {});
      loaded('validated');`);
    expect(notes).toEqual({
      imported: [], created: [], requested: ['undici'],
      'validators imported': ['undici'], validated: ['ajv', 'ajv-formats', 'undici'],
    });
  });

  it('the webhooks entry verifies a signature with neither undici nor the validators', () => {
    const notes = loadedAlong(`
      const { verifySignature } = await import(${built('public/webhooks.js')});
      verifySignature(Buffer.from('{}'), 'ab', ['t']);
      loaded('verified');`);
    expect(notes).toEqual({ verified: [] });
  });
});
