import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../packages/cli/src/reports/index.js';
import { TOKEN, deliver, v2RestockingEnvelope } from '../webhooks/fixtures.js';
import { runMfcInProcess, spawnMfcSource } from '../webhooks/spawn.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mfc-listen-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const mfc = runMfcInProcess;

interface Session {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

// Spawns `mfc webhooks listen` and resolves once it prints where it listens.
async function spawnListener(reportDir: string, flags: string[]): Promise<Session> {
  const child = spawnMfcSource(['webhooks', 'listen', '--port', '0', '--token', TOKEN, '--report-dir', reportDir, ...flags]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`listener did not start: ${out}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return { child, url, output: () => out, exited };
}

async function reportOf(reportDir: string): Promise<RunReport> {
  return JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunReport;
}

describe('mfc webhooks listen: a session must receive calls (--expect, --timeout)', () => {
  it('exits 1 with "no webhook call arrived" when stopped before any call, without --expect', async () => {
    const reportDir = join(dir, 'no-calls');
    const session = await spawnListener(reportDir, []);
    session.child.kill('SIGTERM');
    expect(await session.exited).toBe(1);
    expect(session.output()).toContain('mfc webhooks listen: SIGTERM; 0 call(s), 1 failed check(s); report in');
    expect(session.output()).toContain('mfc webhooks listen: no webhook call arrived; at least 1 expected (--expect 0 accepts a session without calls)\n');
    const report = await reportOf(reportDir);
    expect(report.summary).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(report.checks[0]).toMatchObject({ id: 'listen.expected-calls', status: 'failed', message: expect.stringContaining('Received: no webhook call arrived') });
  });

  it('stops by itself after --timeout, writes the reports and accepts no calls with --expect 0', async () => {
    const reportDir = join(dir, 'timeout-expect-0');
    const session = await spawnListener(reportDir, ['--timeout', '500ms', '--expect', '0']);
    expect(await session.exited).toBe(0);
    expect(session.output()).toContain('mfc webhooks listen: --timeout of 500 ms reached; 0 call(s), 0 failed check(s); report in');
    expect((await reportOf(reportDir)).checks).toEqual([expect.objectContaining({ id: 'listen.expected-calls', status: 'passed' })]);
    expect(JSON.parse(await readFile(join(reportDir, 'session.json'), 'utf8'))).toMatchObject({ stoppedBy: '--timeout of 500 ms reached', calls: 0, expected: 0, exitCode: 0 });
  });

  it('exits 1 when fewer calls than --expect arrived before --timeout, though each passed', async () => {
    const reportDir = join(dir, 'expect-3');
    const session = await spawnListener(reportDir, ['--expect', '3', '--timeout', '3s']);
    expect((await deliver(`${session.url}/hooks`, v2RestockingEnvelope(7, 'shipped'))).status).toBe(204);
    expect(await session.exited).toBe(1);
    expect(session.output()).toContain('mfc webhooks listen: 1 webhook call(s) arrived; at least 3 expected (--expect 3)\n');
    const report = await reportOf(reportDir);
    expect(report.summary).toEqual({ passed: 2, failed: 1, skipped: 0 });
  });
});

describe('mfc webhooks listen: wrong invocations exit 2 with a usage line', () => {
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => busy.close(resolve));
  });

  const base = ['webhooks', 'listen', '--token', TOKEN];
  it.each([
    ['no --port', [], '--port is required'],
    ['a port that is not a number', ['--port', 'eighty'], '--port expected an integer from 0 to 65535, received "eighty"'],
    ['a port out of range', ['--port', '70000'], '--port expected an integer from 0 to 65535, received "70000"'],
    ['a negative --expect', ['--port', '0', '--expect=-1'], '--expect expected a whole number of calls (0 or more), received "-1"'],
    ['a fractional --expect', ['--port', '0', '--expect', '2.5'], '--expect expected a whole number of calls (0 or more), received "2.5"'],
    ['a --timeout that is no duration', ['--port', '0', '--timeout', 'soon'], '--timeout expected a duration such as 90, 30s, 2m or 1h (a bare number is seconds), received "soon"'],
    ['a --timeout in days', ['--port', '0', '--timeout', '2d'], '--timeout expected a duration such as 90, 30s, 2m or 1h (a bare number is seconds), received "2d"'],
    ['a zero --timeout', ['--port', '0', '--timeout', '0s'], '--timeout expected a duration over 0, received "0s"'],
    ['a --timeout past what a timer holds', ['--port', '0', '--timeout', '600h'], '--timeout expected at most 596h, received "600h"'],
    ['a --v1-path without a slash', ['--port', '0', '--v1-path', 'hooks'], '--v1-path expected a path starting with /, received "hooks"'],
    ['the same path for both versions', ['--port', '0', '--v1-path', '/hooks', '--v2-path', '/hooks'], '--v1-path and --v2-path expected two different paths, received "/hooks" for both'],
  ])('%s', async (_name, args, message) => {
    const result = await mfc([...base, ...args]);
    expect(result).toEqual({ code: 2, out: `mfc webhooks: ${message}\n` });
  });

  it('a port in use', async () => {
    const result = await mfc([...base, '--port', String(busyPort), '--report-dir', join(dir, 'busy')]);
    expect(result).toEqual({ code: 2, out: `mfc webhooks: cannot listen on 127.0.0.1:${busyPort}: the port is already in use (EADDRINUSE)\n` });
  });

  it('a report directory that cannot be written', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, '');
    const result = await mfc([...base, '--port', '0', '--report-dir', join(file, 'reports')]);
    expect(result).toEqual({ code: 2, out: `mfc webhooks: cannot write --report-dir ${join(file, 'reports')}: a part of its path is not a folder (ENOTDIR)\n` });
  });

  it('--help documents the new flags and the exit codes', async () => {
    const { code, out } = await mfc(['webhooks', '--help']);
    expect(code).toBe(0);
    for (const text of ['--expect N', '--timeout DURATION', '--v1-path P', '--v2-path P', 'no webhook call arrived', 'calls.ndjson', 'session.json', '204 a valid call', '401', '422', '400', '413', '408']) {
      expect(out).toContain(text);
    }
  });
});
