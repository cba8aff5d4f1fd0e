// A deliberately failing property (v1 pagination against a server that skips the record at each page
// boundary for some limits) shrinks to its minimal counterexample, and the replay command it prints
// reproduces that counterexample against the same server.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { runCli, type CliResult } from '../support/run-cli.js';

const id = 'v1.properties.pagination';
// The smallest spanning limit the fault bends (3), the first generated limit (2) and the widest window.
const minimal = '[3,2,{"lower":{"op":"gte","index":0},"upper":undefined}]';

let server: RunningServer;
let dir: string;
let profilePath: string;

beforeAll(async () => {
  // A high limit: the run is about shrinking, not pacing.
  server = await startServer({ faults: ['v1-lists-page-boundary-skip'], rateLimit: 10_000 });
  dir = mkdtempSync(join(tmpdir(), 'mfc-replay-'));
  profilePath = join(dir, 'profile.json');
  writeFileSync(profilePath, JSON.stringify(server.profile));
});

afterAll(async () => {
  await server.close();
});

function messageOf(result: CliResult): string {
  return result.report?.checks.find((c) => c.id === id)?.message ?? '';
}

/** The printed replay command as arguments for `mfc`, exactly as printed. */
function replayArgs(message: string, reportDir: string): string[] {
  const line = /Replay with: (?:npx )?mfc (run .*)/.exec(message)?.[1] ?? '';
  const words = (line.match(/'[^']*'|\S+/g) ?? []).map((word) => word.replace(/^'(.*)'$/, '$1'));
  return [...words, '--report-dir', reportDir];
}

describe('a failing property', () => {
  it('shrinks to the minimal counterexample, prints { seed, path } and a replay command that reproduces it', async () => {
    const firstDir = join(dir, 'first');
    // Without node_modules/.bin on PATH (npm puts it there, and with it this workspace's mfc), as in a clone's shell.
    const PATH = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.endsWith(join('node_modules', '.bin'))).join(delimiter);
    const first = await runCli(['run', '--profile', profilePath, '--only', id, '--seed', '4242', '--report-dir', firstDir], { reportDir: firstDir, env: { PATH } });
    expect(first.code).toBe(1);
    const message = messageOf(first);
    expect(message).toContain(`Counterexample (shrunk`);
    expect(/Counterexample \(shrunk \d+ times\): (.*)/.exec(message)?.[1]).toBe(minimal);
    const seedAndPath = /\{ seed: 4242, path: "[\d:]+" \}/.exec(message)?.[0];
    expect(seedAndPath).toBeDefined();
    // Run where no mfc is on PATH: the line starts with npx, as it must in a clone.
    expect(message).toContain(`Replay with: npx mfc run --profile ${profilePath} --only '${id}' --seed 4242`);

    const againDir = join(dir, 'again');
    const again = await runCli(replayArgs(message, againDir), { reportDir: againDir });
    expect(again.code).toBe(1);
    const replayed = messageOf(again);
    expect(/Counterexample \(shrunk \d+ times\): (.*)/.exec(replayed)?.[1]).toBe(minimal);
    expect(replayed).toContain(seedAndPath);
  });
});
