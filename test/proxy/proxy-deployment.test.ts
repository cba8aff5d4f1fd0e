// mfc proxy against a faulted reference server: the test integration's clean traffic shows each
// fault as the deployment's finding, with the id and § of the run's check for that rule (and those
// ids, § and versions are the registry's: one rule, one name); and the CI mode's exit codes, with
// `mfc proxy -- <command>` run as a user runs it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type FaultName, type RunningServer } from '../../packages/cli/server/index.js';
import { SCHEMA_OWNERS } from '../../packages/cli/src/judgements/index.js';
import { CONVERSATION_ONLY_RULES, PROXY_RULES, PROXY_URL_VARIABLE, proxyCommand, startProxy, type DeploymentRuleId, type ProxyRuleId } from '../../packages/cli/src/proxy/index.js';
import { registeredChecks } from '../../packages/cli/src/rules/index.js';
import type { CheckId } from '../fault-map/check-ids.js';
import type { RunReport } from '../../packages/cli/src/reports/index.js';
import { proxyExchangeOf, proxyRequestOf, type ProxyExchange } from '../../packages/cli/src/proxy/exchange.js';
import { ListRules } from '../../packages/cli/src/proxy/list-rules.js';
import { RecordRules } from '../../packages/cli/src/proxy/record-rules.js';
import { runCli } from '../support/run-cli.js';
import { runIntegration } from './integration.js';

// Each fault breaks one rule the integration's traffic shows; together on one server, each is its own finding.
const FAULTS: Array<[FaultName, ProxyRuleId]> = [
  ['v2-schema-order-currency-lowercase', 'v2.schema.order'],
  ['v1-orders-duplicate-409-without-id', 'v1.orders.create.duplicate-409'],
  ['v1-rate-limit-no-used-header', 'v1.rate-limit.headers-on-every-response'],
  ['v2-lists-cursor-repeats-last', 'v2.lists.orders.cursor-walk'],
  ['v1-lists-page-count-off-by-one', 'v1.lists.orders.pagination-consistent'],
  ['v2-errors-shape-v1', 'v2.errors.body-shape'],
];

// A deployment rule of the proxy is a check of the run, except those a conversation alone shows.
type RunRuleId = Exclude<DeploymentRuleId, (typeof CONVERSATION_ONLY_RULES)[number]>;
const runRules: readonly RunRuleId[] = (Object.keys(PROXY_RULES) as DeploymentRuleId[])
  .filter((id): id is RunRuleId => PROXY_RULES[id].side === 'deployment' && !(CONVERSATION_ONLY_RULES as readonly string[]).includes(id));
// Fails to compile when a deployment rule names no check of the run.
const asCheckIds: readonly CheckId[] = runRules satisfies readonly CheckId[];

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  server = await startServer({ port: 0, faults: FAULTS.map(([fault]) => fault) });
  dir = await mkdtemp(join(tmpdir(), 'mfc-proxy-faults-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('mfc proxy: a faulted deployment', () => {
  it("reports each fault on the deployment's side with its rule's id and §, and nothing on the integration's", async () => {
    const reportDir = join(dir, 'faults');
    const proxy = await startProxy({ profile: server.profile, reportDir, print: () => {}, version: 'test' });
    const settings = { baseUrl: proxy.url, token: server.profile.tokens.primary, salesChannelId: server.profile.fixtures.salesChannelId, skuId: server.profile.fixtures.sku!.id, prefix: 'faulted' };
    // Twice with the same merchant_order_ids: the second creates are duplicates (§4.1 rule 1).
    await runIntegration(settings);
    await runIntegration(settings);
    const outcome = await proxy.stop('test over');
    expect(outcome.broken.integration).toEqual([]);
    expect(outcome.broken.deployment.sort()).toEqual(FAULTS.map(([, rule]) => rule).sort());
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunReport;
    for (const [, rule] of FAULTS) {
      const result = report.checks.find((check) => check.id === rule);
      expect(result, rule).toMatchObject({ status: 'failed', section: PROXY_RULES[rule].section, api: PROXY_RULES[rule].api });
      expect(result!.title).toContain('[deployment]');
      expect(result!.requests.length).toBeGreaterThan(0);
    }
  });
});

describe('mfc proxy -- <command>: the CI mode', () => {
  // A command of the integration's: one read, or one v1 create with a property no document shows.
  const read = `const r = await fetch(process.env.${PROXY_URL_VARIABLE} + '/merchant_api/v2/orders?limit=1', { headers: { authorization: 'Bearer ' + process.env.MFC_TOKEN } }); process.exit(r.status === 200 ? 0 : 4);`;
  const unknownProperty = `await fetch(process.env.${PROXY_URL_VARIABLE} + '/merchant_api/v1/orders', { method: 'POST', headers: { authorization: 'Bearer ' + process.env.MFC_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ merchant_order_id: 'ci-1', gift_wrap_colour: 'red' }) });`;
  const mfc = (name: string, script: string, ...flags: string[]) => runCli(
    ['proxy', '--base-url', server.url, '--token', server.profile.tokens.primary, '--report-dir', join(dir, name), ...flags, '--', process.execPath, '--input-type=module', '-e', script],
    { env: { MFC_TOKEN: server.profile.tokens.primary } },
  );

  it("exits 0 for a clean command whatever the deployment's findings, and 1 with --fail-on-deployment", async () => {
    const session = async (name: string, failOnDeployment: boolean) => {
      const lines: string[] = [];
      const ended = await proxyCommand({
        profile: server.profile, reportDir: join(dir, name), print: (line) => lines.push(line), version: 'test', failOnDeployment,
        command: [process.execPath, '--input-type=module', '-e', read], env: { MFC_TOKEN: server.profile.tokens.primary },
      });
      return { ...ended, lines };
    };
    const lenient = await session('ci-clean', false);
    expect(lenient).toMatchObject({ commandExit: 0, exitCode: 0, outcome: { broken: { integration: [], deployment: ['v2.schema.order'] } } });
    expect(lenient.lines.join('\n')).toContain('--fail-on-deployment makes them');
    expect(await session('ci-strict', true)).toMatchObject({ commandExit: 0, exitCode: 1 });
  });

  it('mfc proxy -- <command> exits 1 for a broken client rule, with its live line and no token', async () => {
    const mistaken = await mfc('ci-mistake', unknownProperty);
    expect(mistaken.stderr).toMatch(/#1 POST \/merchant_api\/v1\/orders 422 {2}v1\.client\.unknown-property §4\.1 \[integration\]/);
    expect(mistaken.code).toBe(1);
    expect(`${mistaken.stdout}${mistaken.stderr}`).not.toContain(server.profile.tokens.primary);
  });

  it('exits 1 when the command fails, though no rule was broken', async () => {
    const ended = await proxyCommand({ profile: server.profile, reportDir: join(dir, 'ci-failed'), print: () => {}, version: 'test', command: [process.execPath, '-e', 'process.exit(3)'] });
    expect(ended).toMatchObject({ commandExit: 3, exitCode: 1, outcome: { exchanges: 0 } });
  });
});

describe("mfc proxy's rules", () => {
  it("name the run's checks with their § and version", async () => {
    const checks = new Map((await registeredChecks()).map((check) => [check.id, check]));
    expect(asCheckIds.length).toBeGreaterThan(20);
    for (const id of asCheckIds) {
      const check = checks.get(id);
      expect(check, id).toBeDefined();
      expect({ id, section: PROXY_RULES[id as RunRuleId].section, api: PROXY_RULES[id as RunRuleId].api }).toEqual({ id, section: check!.section, api: check!.api });
    }
    for (const id of Object.keys(SCHEMA_OWNERS)) expect(checks.get(id)?.owns, id).toEqual(SCHEMA_OWNERS[id as keyof typeof SCHEMA_OWNERS]);
    // The integration's rules are the proxy's own: no check of a run (which is the client) has their names.
    for (const id of Object.keys(PROXY_RULES)) if (PROXY_RULES[id as keyof typeof PROXY_RULES].side === 'integration') expect(checks.has(id), id).toBe(false);
  });
});

describe("mfc proxy's conversation rules, on exchanges made up for them", () => {
  // An exchange as the forwarder hands it on: a v2 or v1 request with its JSON answer.
  let seq = 0;
  const exchange = (method: string, target: string, status: number, answer: unknown, body?: unknown, headers: Record<string, string> = {}): ProxyExchange => {
    const request = proxyRequestOf({ seq: ++seq, method, target, headers: { authorization: 'Bearer t' }, body: Buffer.from(body === undefined ? '' : JSON.stringify(body)), startedAt: 1_000 * seq }, () => 'v2 merchant');
    const text = JSON.stringify(answer);
    return proxyExchangeOf(request, { ...request, headers: request.headers, body: Buffer.alloc(0), status, responseHeaders: { 'content-type': 'application/json', ...headers }, responseBody: Buffer.from(text), answeredAt: 1_000 * seq + 1, durationMs: 1 }, 1 << 20);
  };
  const page = (ids: number[], next: string | null, createdAt = '2026-01-02T00:00:00Z') => ({
    data: ids.map((id) => ({ id, created_at: createdAt })), pagination: { first_page_url: '/merchant_api/v2/restocking_shipments', limit: 2, next_page_url: next },
  });
  const cases: Array<[string, { given: () => ProxyExchange[]; want: ProxyRuleId[] }]> = [
    ['a walk whose later page keeps its created_at filter', { given: () => [
      exchange('GET', '/merchant_api/v2/restocking_shipments?limit=2&created_at[gte]=2026-01-01T00:00:00Z', 200, page([1, 2], '/merchant_api/v2/restocking_shipments?cursor=a')),
      exchange('GET', '/merchant_api/v2/restocking_shipments?cursor=a', 200, page([3], null)),
    ], want: [] }],
    ['a walk whose later page lists records outside its filter', { given: () => [
      exchange('GET', '/merchant_api/v2/restocking_shipments?limit=2&created_at[gte]=2026-01-01T00:00:00Z', 200, page([1, 2], '/merchant_api/v2/restocking_shipments?cursor=b')),
      exchange('GET', '/merchant_api/v2/restocking_shipments?cursor=b', 200, page([3], null, '2025-12-31T23:59:59Z')),
    ], want: ['v2.lists.restocking-shipments.created-at'] }],
    ['a walk whose page holds more than its limit', { given: () => [
      exchange('GET', '/merchant_api/v2/restocking_shipments?limit=2', 200, page([1, 2, 3], null)),
    ], want: ['v2.lists.restocking-shipments.limit'] }],
    ['an update the next read shows', { given: () => [
      exchange('PATCH', '/merchant_api/v2/orders/7', 200, { id: 7, payment_method: 'invoice' }, { payment_method: 'invoice' }),
      exchange('GET', '/merchant_api/v2/orders/7', 200, { id: 7, payment_method: 'invoice' }),
    ], want: [] }],
    ['an update the next read does not show', { given: () => [
      exchange('PATCH', '/merchant_api/v2/orders/8', 200, { id: 8, payment_method: 'invoice' }, { payment_method: 'invoice' }),
      exchange('GET', '/merchant_api/v2/orders/8', 200, { id: 8, payment_method: 'paypal' }),
    ], want: ['v2.orders.update.visible-on-next-read'] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const lists = new ListRules();
    const records = new RecordRules();
    const broken = given().flatMap((made) => [...lists.beforeRequest(made), ...lists.afterAnswer(made), ...records.afterAnswer(made)])
      .filter((judgement) => judgement.verdict !== undefined).map((judgement) => judgement.rule);
    expect(broken).toEqual(want);
  });
});
