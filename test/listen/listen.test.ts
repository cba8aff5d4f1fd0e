import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema } from '../../packages/cli/src/reports/index.js';
import type { RunReport } from '../../packages/cli/src/reports/index.js';
import { signBody } from '../../packages/cli/src/webhooks/index.js';
import { LISTED_CALLS, LISTED_FAILED_CALLS, RETAINED_BYTES, RETAINED_DELIVERIES, startListener } from '../../packages/cli/src/listen/index.js';
import type { Listener, ListenOptions } from '../../packages/cli/src/listen/index.js';
import { TOKEN, deliver, v1RestockingShipment, v2RestockingEnvelope } from '../webhooks/fixtures.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mfc-listen-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function listener(name: string, options: Partial<ListenOptions> = {}): Promise<{ listener: Listener; reportDir: string; lines: string[] }> {
  const reportDir = join(dir, name);
  const lines: string[] = [];
  const started = await startListener({ host: '127.0.0.1', port: 0, tokens: [TOKEN], reportDir, print: (line) => lines.push(line), ...options });
  return { listener: started, reportDir, lines };
}

async function reportOf(reportDir: string): Promise<RunReport> {
  const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunReport;
  const ajv = new Ajv({ allErrors: true, strict: false });
  expect(ajv.validate(reportSchema(), report), ajv.errorsText()).toBe(true);
  return report;
}

describe('mfc webhooks listen: bounded memory', () => {
  it('keeps a fixed window of deliveries under 2,000 calls of 100 KB, streams every call to calls.ndjson and counts them all', async () => {
    const { listener: hooks, reportDir, lines } = await listener('many');
    // One body of about 100 KB, valid as a v1 restocking shipment; every tenth call is signed with another key.
    const body = JSON.stringify({ ...v1RestockingShipment(41, 'shipped'), supplier_name: 'x'.repeat(100_000) });
    const signatures = { good: signBody(body, TOKEN), bad: signBody(body, 'another-key') };
    const calls = 2_000;
    const pool = new Pool(hooks.url, { connections: 8 });
    let sent = 0;
    let most = { deliveries: 0, bytes: 0 };
    const statuses = new Map<number, number>();
    const sender = async (): Promise<void> => {
      while (sent < calls) {
        const index = (sent += 1);
        const signature = index % 10 === 0 ? signatures.bad : signatures.good;
        const answer = await pool.request({
          method: 'POST',
          path: '/hooks',
          body,
          headers: { 'content-type': 'application/json', 'x-service-signature': signature, 'x-service-event-id': `evt-${index}` },
        });
        await answer.body.dump();
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        const retained = hooks.retained();
        most = { deliveries: Math.max(most.deliveries, retained.deliveries), bytes: Math.max(most.bytes, retained.bytes) };
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    await pool.close();

    expect(Object.fromEntries(statuses)).toEqual({ 204: 1_800, 401: 200 });
    // What the receiver holds stays within its window: never every body of the session (2,000 x 100 KB).
    expect(most.deliveries).toBeLessThanOrEqual(RETAINED_DELIVERIES);
    expect(most.bytes).toBeLessThanOrEqual(RETAINED_BYTES);
    expect(most.deliveries).toBeGreaterThan(0);
    expect(hooks.counts()).toMatchObject({ calls, failedCalls: 200 });

    const outcome = await hooks.stop('test');
    expect(outcome).toMatchObject({ calls, failedCalls: 200, listedCalls: LISTED_CALLS + LISTED_FAILED_CALLS, exitCode: 1 });
    // Every call's three checks (signature, event-id, payload) are counted, listed or not.
    expect(outcome.checks).toEqual({ passed: 3 * calls - 200, failed: 200, skipped: 0 });
    expect(lines.filter((line) => / #\d+ v1 /.test(line))).toHaveLength(calls);

    const log = (await readFile(join(reportDir, 'calls.ndjson'), 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as { seq: number; listed: boolean });
    expect(log).toHaveLength(calls);
    expect(new Set(log.map((record) => record.seq)).size).toBe(calls);
    expect(log.filter((record) => record.listed)).toHaveLength(LISTED_CALLS + LISTED_FAILED_CALLS);

    const report = await reportOf(reportDir);
    const listedIds = report.checks.filter((check) => check.id.includes('.delivery-'));
    expect(listedIds).toHaveLength(3 * (LISTED_CALLS + LISTED_FAILED_CALLS));
    const aggregates = Object.fromEntries(report.checks.filter((check) => !check.id.includes('.delivery-')).map((check) => [check.id, check]));
    expect(Object.keys(aggregates).sort()).toEqual(['listen.expected-calls', 'v1.webhooks.event-id', 'v1.webhooks.payload', 'v1.webhooks.signature']);
    const unlisted = calls - LISTED_CALLS - LISTED_FAILED_CALLS;
    expect(aggregates['v1.webhooks.payload']).toMatchObject({ status: 'passed', title: expect.stringContaining(`(${unlisted} call(s) not listed one by one)`) });
    const signature = aggregates['v1.webhooks.signature']!;
    expect(signature.status).toBe('failed');
    const unlistedFailures = Number(/Received: (\d+) of 1800 call\(s\) failed/.exec(signature.message)?.[1]);
    const listedFailures = report.checks.filter((check) => check.id.endsWith('.signature') && check.id.includes('.delivery-') && check.status === 'failed').length;
    expect(listedFailures + unlistedFailures).toBe(200);
    expect(listedFailures).toBeGreaterThanOrEqual(LISTED_FAILED_CALLS);
    // The report stays small: bodies only in listed failures, clipped to 4,000 characters.
    expect((await stat(join(reportDir, 'report.json'))).size).toBeLessThan(2_000_000);
    expect(JSON.parse(await readFile(join(reportDir, 'session.json'), 'utf8'))).toMatchObject({ calls, failedCalls: 200, expected: 1, exitCode: 1 });
    for (const file of ['report.json', 'junit.xml', 'report.html', 'calls.ndjson', 'session.json']) {
      expect(await readFile(join(reportDir, file), 'utf8')).not.toContain(TOKEN);
    }
  }, 120_000);
});

describe('mfc webhooks listen: payloads judged against the event schemas (§6.1, §6.2)', () => {
  const v1 = '/webhooks/v1';
  const v2 = '/webhooks/v2';
  const eventId = { headers: { 'x-service-event-id': 'evt-1' } };
  const cases: Array<[name: string, { path: string; body: unknown; status: number; line: RegExp; payload: 'passed' | 'failed' | 'skipped' }]> = [
    ['a v1 restocking shipment', { path: v1, body: v1RestockingShipment(41, 'cancelled'), status: 204, line: /restocking_shipment_status_updated id=41/, payload: 'passed' }],
    ['a v1 shipment with its new status', { path: v1, body: { id: 402, status: 'in_picking', items: [] }, status: 204, line: /shipment_status_updated\|return_status_updated id=402 status=in_picking/, payload: 'passed' }],
    ['a v1 shipment with its new delivery_status', { path: v1, body: { id: 413, delivery_status: 'in_transit' }, status: 204, line: / delivery_status_updated id=413/, payload: 'passed' }],
    ['a v1 object that is no resource', { path: v1, body: { hello: 'world' }, status: 422, line: /unknown-event .* payload=invalid\(2\) -> 422$/, payload: 'failed' }],
    ['an empty v1 object', { path: v1, body: {}, status: 422, line: /payload=invalid\(2\) -> 422$/, payload: 'failed' }],
    ['a v1 resource without a status', { path: v1, body: { id: 5, name: 'box' }, status: 422, line: /payload=invalid\(1\) -> 422$/, payload: 'failed' }],
    ['a v1 status with an id that is a string', { path: v1, body: { id: '5', status: 'shipped' }, status: 422, line: /payload=invalid\(1\) -> 422$/, payload: 'failed' }],
    ['a v1 array', { path: v1, body: [1, 2], status: 422, line: /payload=invalid/, payload: 'failed' }],
    ['a v2 envelope sent to the v1 path', { path: v1, body: v2RestockingEnvelope(41, 'cancelled'), status: 422, line: / v1 \/webhooks\/v1 unknown-event .* -> 422$/, payload: 'failed' }],
    ['a v2 envelope', { path: v2, body: v2RestockingEnvelope(41, 'cancelled'), status: 204, line: /restocking_shipment\.status_updated id=41/, payload: 'passed' }],
    ['a v2 envelope whose data breaks its schema', { path: v2, body: { ...v2RestockingEnvelope(41, 'cancelled'), data: { id: 41 } }, status: 422, line: /payload=invalid/, payload: 'failed' }],
    ['a v2 event type §6.2 does not list', { path: v2, body: { ...v2RestockingEnvelope(41, 'cancelled'), event_type: 'return.status_updated' }, status: 204, line: /return\.status_updated \(unknown event type\) .* payload=valid -> 204$/, payload: 'skipped' }],
    ['a v2 body that is a bare resource', { path: v2, body: v1RestockingShipment(41, 'cancelled'), status: 422, line: /payload=invalid/, payload: 'failed' }],
  ];

  it.each(cases)('%s', async (_name, { path, body, status, line, payload }) => {
    const { listener: hooks, reportDir, lines } = await listener(`payload-${randomUUID()}`, { paths: { v1, v2 } });
    const answer = await deliver(`${hooks.url}${path}`, body, eventId);
    expect(answer.status).toBe(status);
    if (status === 422) expect(answer.text).toMatch(/^payload refused: /);
    const outcome = await hooks.stop('test');
    expect(lines.find((printed) => / #1 /.test(printed))).toMatch(line);
    const api = path === v1 ? 'v1' : 'v2';
    const report = await reportOf(reportDir);
    expect(report.checks.find((check) => check.id === `${api}.webhooks.delivery-1.payload`)).toMatchObject({ status: payload, section: api === 'v1' ? '6.1' : '6.2' });
    expect(outcome.exitCode).toBe(payload === 'failed' ? 1 : 0);
  });

  it('names what a v1 object lacks, in the failure and the answer', async () => {
    const { listener: hooks, reportDir } = await listener('payload-message', { paths: { v1, v2 } });
    const answer = await deliver(`${hooks.url}${v1}`, { hello: 'world' }, eventId);
    expect(answer.text).toContain("/id: expected an integer, the resource's id (§2), received nothing");
    await hooks.stop('test');
    const failed = (await reportOf(reportDir)).checks.find((check) => check.id === 'v1.webhooks.delivery-1.payload');
    expect(failed?.message).toContain('(root): expected a shipment with its new status or delivery_status, a return with its new status, or a restocking shipment (§6.1), received an object with properties hello');
    expect(failed?.requests[0]).toMatchObject({ method: 'POST', status: 422 });
  });

  it('tells the version by shape without paths: an envelope is v2, a bare object v1', async () => {
    const { listener: hooks, lines } = await listener('payload-shape');
    expect((await deliver(`${hooks.url}/anywhere`, { hello: 'world' }, eventId)).status).toBe(422);
    expect((await deliver(`${hooks.url}/anywhere`, v2RestockingEnvelope(41, 'cancelled'))).status).toBe(204);
    await hooks.stop('test');
    expect(lines.filter((line) => / #\d /.test(line)).map((line) => / #\d (v\d) /.exec(line)?.[1])).toEqual(['v1', 'v2']);
  });
});
