// A generated-input check against a server with an input fault (an explicit null answered 500) fails
// with the operation, what made the difference, the smallest failing input, { seed, path } and a replay
// command; that command, run as printed, fails on the same smallest input.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { runCli, type CliResult } from '../support/run-cli.js';

const id = 'v2.properties.generated.orders-patch';

let server: RunningServer;
let dir: string;
let profilePath: string;

beforeAll(async () => {
  // A high limit: the run is about shrinking, not pacing.
  server = await startServer({ faults: ['v2-orders-patch-null-500'], rateLimit: 10_000 });
  dir = mkdtempSync(join(tmpdir(), 'mfc-generated-replay-'));
  profilePath = join(dir, 'profile.json');
  writeFileSync(profilePath, JSON.stringify(server.profile));
});

afterAll(async () => {
  await server.close();
});

function messageOf(result: CliResult): string {
  return result.report?.checks.find((c) => c.id === id)?.message ?? '';
}

const line = (message: string, label: string) => new RegExp(`${label}: (.*)`).exec(message)?.[1];

/** The printed replay command as arguments for `mfc`, exactly as printed. */
function replayArgs(message: string, reportDir: string): string[] {
  const words = (line(message, 'Replay with')?.replace(/^(?:npx )?mfc /, '').match(/'[^']*'|\S+/g) ?? []).map((word) => word.replace(/^'(.*)'$/, '$1'));
  return [...words, '--report-dir', reportDir];
}

describe('a failing generated-input check', () => {
  it('names the operation and the property, shrinks to one null, and replays it', async () => {
    const firstDir = join(dir, 'first');
    const first = await runCli(['run', '--profile', profilePath, '--only', id, '--seed', '3838', '--cases', '12', '--report-dir', firstDir], { reportDir: firstDir, timeoutMs: 120_000 });
    expect(first.code).toBe(1);
    const message = messageOf(first);
    expect(message).toContain('Operation: v2 PATCH /orders/{id}');
    // Every property but the one sent null shrank away.
    const smallest = line(message, 'Smallest failing input');
    expect(smallest).toMatch(/^\{"[a-z_]+":null\}$/);
    expect(line(message, 'What made the difference')).toContain('null');
    expect(message).toMatch(/\{ seed: 3838, path: "[\d:]+" \}/);
    expect(line(message, 'Replay with')).toMatch(new RegExp(`run --profile ${profilePath} --only '${id.replaceAll('.', '\\.')}' --seed 3838 --cases 12$`));

    const againDir = join(dir, 'again');
    const again = await runCli(replayArgs(message, againDir), { reportDir: againDir, timeoutMs: 120_000 });
    expect(again.code).toBe(1);
    expect(line(messageOf(again), 'Smallest failing input')).toBe(smallest);
  }, 300_000);
});
