import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema } from '../../packages/cli/src/reports/index.js';
import type { RunReport } from '../../packages/cli/src/reports/index.js';
import { signBody } from '../../packages/cli/src/webhooks/index.js';
import { TOKEN, deliver, v1RestockingShipment, v2RestockingEnvelope } from './fixtures.js';
import { runMfcInProcess, spawnMfcSource } from './spawn.js';

const bin = fileURLToPath(new URL('../../packages/cli/bin/mfc.mjs', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mfc-webhooks-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const mfc = runMfcInProcess;

function spawnMfc(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [bin, ...args], { stdio: 'pipe' });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.on('close', (code) => resolve(code)));
}

describe('mfc webhooks verify', () => {
  const body = JSON.stringify(v1RestockingShipment(41, 'cancelled'));

  it.each([
    ['a valid signature', 0, () => signBody(body, TOKEN), /^valid/],
    ['a signature over other bytes', 1, () => signBody(`${body} `, TOKEN), /invalid \(mismatch\)/],
    ['a signature with another key', 1, () => signBody(body, 'other-key'), /invalid \(mismatch\)/],
    ['a truncated signature', 1, () => signBody(body, TOKEN).slice(0, 40), /invalid \(wrong-length\)/],
    ['a base64 signature', 1, () => Buffer.from(signBody(body, TOKEN), 'hex').toString('base64'), /invalid \(not-hex\)/],
  ])('%s exits %i', async (_name, code, signature, output) => {
    const file = join(dir, 'body.json');
    await writeFile(file, body);
    const result = await mfc(['webhooks', 'verify', '--token', TOKEN, '--signature', signature(), '--file', file]);
    expect(result.code).toBe(code);
    expect(result.out).toMatch(output);
    expect(result.out).not.toContain(TOKEN);
  });

  it('names which of several tokens signed', async () => {
    const file = join(dir, 'body.json');
    await writeFile(file, body);
    const result = await mfc(['webhooks', 'verify', '--token', 'first', '--token', TOKEN, '--signature', signBody(body, TOKEN), '--file', file]);
    expect(result).toEqual({ code: 0, out: 'valid: signed with --token number 2\n' });
  });

  it('reads the signing token from --token-env VAR, and names a variable that is unset or empty', async () => {
    const file = join(dir, 'body.json');
    await writeFile(file, body);
    process.env.MFC_TEST_SIGNING_TOKEN = TOKEN;
    process.env.MFC_TEST_EMPTY_TOKEN = '';
    try {
      expect(await mfc(['webhooks', 'verify', '--token-env', 'MFC_TEST_SIGNING_TOKEN', '--signature', signBody(body, TOKEN), '--file', file])).toEqual({ code: 0, out: 'valid\n' });
      const empty = await mfc(['webhooks', 'verify', '--token-env', 'MFC_TEST_EMPTY_TOKEN', '--signature', 'ab', '--file', file]);
      expect(empty).toEqual({ code: 2, out: expect.stringContaining('--token-env MFC_TEST_EMPTY_TOKEN: the environment variable MFC_TEST_EMPTY_TOKEN is set but empty') });
      const unset = await mfc(['webhooks', 'verify', '--token-env', 'MFC_TEST_UNSET_TOKEN', '--signature', 'ab', '--file', file]);
      expect(unset).toEqual({ code: 2, out: expect.stringContaining('the environment variable MFC_TEST_UNSET_TOKEN is not set') });
    } finally {
      delete process.env.MFC_TEST_SIGNING_TOKEN;
      delete process.env.MFC_TEST_EMPTY_TOKEN;
    }
  });

  it.each([
    ['no --token', ['--signature', 'ab']],
    ['no --signature', ['--token', TOKEN]],
    ['an unknown flag', ['--token', TOKEN, '--signature', 'ab', '--colour']],
    ['an unreadable --file', ['--token', TOKEN, '--signature', 'ab', '--file', '/nonexistent/body.json']],
  ])('%s exits 2', async (_name, args) => {
    const result = await mfc(['webhooks', 'verify', ...args]);
    expect(result.code).toBe(2);
    expect(result.out).not.toContain(TOKEN);
  });

  it('exits 2 without a sub-command or with an unknown one', async () => {
    expect((await mfc(['webhooks'])).code).toBe(2);
    expect((await mfc(['webhooks', 'replay'])).code).toBe(2);
  });

  it('reads the raw body from stdin when no file is given (through bin/mfc.mjs)', async () => {
    const child = spawnMfc(['webhooks', 'verify', '--token', TOKEN, '--signature', signBody(body, TOKEN)]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdin.end(body);
    expect(await exitOf(child)).toBe(0);
    expect(out).toBe('valid\n');
  });

  it('--help describes both sub-commands and every flag', async () => {
    const { code, out } = await mfc(['webhooks', '--help']);
    expect(code).toBe(0);
    for (const text of ['webhooks verify', 'webhooks listen', '--token', '--signature', '--file', '--port', '--host', '--report-dir', 'SIGINT']) {
      expect(out).toContain(text);
    }
  });
});

describe('mfc webhooks listen', () => {
  async function startListener(reportDir: string): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
    const child = spawnMfcSource(['webhooks', 'listen', '--port', '0', '--token', TOKEN, '--report-dir', reportDir]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
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
    return { child, url, output: () => out };
  }

  it('checks each call, prints a line for it, and writes the reports on SIGTERM', async () => {
    const reportDir = join(dir, 'listen-mixed');
    const { child, url, output } = await startListener(reportDir);
    const exited = exitOf(child);
    const port = Number(new URL(url).port);
    expect((await deliver(`${url}/v1`, v1RestockingShipment(41, 'cancelled'), { headers: { 'x-service-event-id': 'evt-1' } })).status).toBe(204);
    expect((await deliver(`${url}/v2`, v2RestockingEnvelope(41, 'cancelled'))).status).toBe(204);
    expect((await deliver(`${url}/v1`, v1RestockingShipment(42, 'cancelled'), { token: 'wrong-key', headers: { 'x-service-event-id': 'evt-2' } })).status).toBe(401);
    expect((await deliver(`${url}/v2`, v2RestockingEnvelope(43, 'cancelled'), { token: null })).status).toBe(401);
    expect((await deliver(`${url}/v1`, undefined, { raw: '{"id":' })).status).toBe(400);
    const oversized = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('POST /v1 HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n{'));
      socket.on('data', (chunk) => {
        resolve(chunk.toString('latin1').slice(0, 12));
        socket.destroy();
      });
      socket.on('error', reject);
    });
    expect(oversized).toBe('HTTP/1.1 413');

    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    const lines = output().split('\n').filter((line) => / #\d+ /.test(line));
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/ #1 v1 \/v1 restocking_shipment_status_updated id=41 status=cancelled signature=valid event-id=evt-1 payload=valid -> 204$/);
    expect(lines[1]).toMatch(/ #2 v2 \/v2 restocking_shipment\.status_updated id=41 status=cancelled signature=valid payload=valid -> 204$/);
    expect(lines[2]).toMatch(/signature=mismatch .* -> 401$/);
    expect(lines[3]).toMatch(/signature=missing .* -> 401$/);
    expect(lines[4]).toMatch(/refused=malformed-json -> 400$/);
    expect(lines[5]).toMatch(/refused=too-large -> 413$/);

    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunReport;
    const ajv = new Ajv({ allErrors: true, strict: false });
    expect(ajv.validate(reportSchema(), report), ajv.errorsText()).toBe(true);
    const status = Object.fromEntries(report.checks.map((check) => [check.id, check.status]));
    expect(status).toMatchObject({
      'v1.webhooks.delivery-1.signature': 'passed',
      'v1.webhooks.delivery-1.event-id': 'passed',
      'v1.webhooks.delivery-1.payload': 'passed',
      'v2.webhooks.delivery-2.signature': 'passed',
      'v2.webhooks.delivery-2.payload': 'passed',
      'v1.webhooks.delivery-3.signature': 'failed',
      'v2.webhooks.delivery-4.signature': 'failed',
      'v1.webhooks.delivery-5.accepted': 'failed',
      'v1.webhooks.delivery-6.accepted': 'failed',
    });
    // 8 per-call checks passed and the session's own: at least one call arrived (--expect 1 by default).
    expect(status['listen.expected-calls']).toBe('passed');
    expect(report.summary).toEqual({ passed: 9, failed: 4, skipped: 0 });
    const failed = report.checks.find((check) => check.id === 'v1.webhooks.delivery-3.signature');
    expect(failed?.requests[0]).toMatchObject({ method: 'POST', status: 401 });
    for (const file of ['report.json', 'junit.xml', 'report.html']) {
      expect(await readFile(join(reportDir, file), 'utf8')).not.toContain(TOKEN);
    }
    expect(output()).not.toContain(TOKEN);
  });

  it('exits 0 on SIGINT when every call passed', async () => {
    const reportDir = join(dir, 'listen-clean');
    const { child, url } = await startListener(reportDir);
    const exited = exitOf(child);
    expect((await deliver(`${url}/hooks`, v2RestockingEnvelope(7, 'shipped'))).status).toBe(204);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunReport;
    expect(report.summary).toEqual({ passed: 3, failed: 0, skipped: 0 });
  });

  it('exits 2 for a port that is not a number', async () => {
    expect((await mfc(['webhooks', 'listen', '--port', 'eighty', '--token', TOKEN])).code).toBe(2);
    expect((await mfc(['webhooks', 'listen', '--token', TOKEN])).code).toBe(2);
  });
});
