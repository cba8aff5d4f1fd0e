// mfc proxy against the reference server over loopback: the test integration is clean through it,
// each client-side mistake is exactly its finding on the integration's side, answers pass byte for
// byte and no further than the answer bound, the HAR is HAR 1.2 and holds no token, and a request
// for another host is refused.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { sessionExitCode, startProxy, type ProxyOutcome, type ProxyRuleId } from '../../packages/cli/src/proxy/index.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import type { RunReport } from '../../packages/cli/src/reports/index.js';
import type { TargetProfile } from '../../packages/cli/src/profile/index.js';
import { startListener } from '../../packages/cli/src/listen/index.js';
import { WEBHOOK_ANSWER_LIMIT_MS, webhookAnswerProblem, type ReceiverAnswer } from '../../packages/cli/src/judgements/index.js';
import { deliver, TOKEN, v1RestockingShipment } from '../webhooks/fixtures.js';
import { harProblems } from './har-schema.js';
import { runIntegration, type Mistake } from './integration.js';

// A small limit keeps the overrun short; the clean integration sends fewer in any window.
const RATE_LIMIT = 12;
const MINUTE_MS = 60_000;
// The server's and the proxy's clock, half a minute into a minute: each test moves it a minute on,
// so every test has its own rate-limit minute and none straddles a minute's end.
let clock = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS + MINUTE_MS / 2;
const now = () => clock;

let server: RunningServer;
let dir: string;
let sessions = 0;

beforeAll(async () => {
  server = await startServer({ port: 0, rateLimit: RATE_LIMIT, now });
  dir = await mkdtemp(join(tmpdir(), 'mfc-proxy-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const token = () => server.profile.tokens.primary;

/** A secret as a file could hold it: as is, base64, URL-encoded. */
const forms = (secret: string) => [secret, Buffer.from(secret).toString('base64'), encodeURIComponent(secret)];

/** Runs the integration through a fresh proxy session in a fresh minute; returns the outcome, its lines and report directory. */
async function session(mistake?: Mistake, profile: TargetProfile = server.profile): Promise<{ outcome: ProxyOutcome; lines: string[]; reportDir: string }> {
  clock += MINUTE_MS;
  sessions += 1;
  const reportDir = join(dir, `session-${sessions}`);
  const lines: string[] = [];
  const proxy = await startProxy({ profile, reportDir, print: (line) => lines.push(line), version: 'test', now });
  if (mistake === 'early-retry') {
    // Another client of the sales channel (outside the proxy) used the minute up: the integration's first read meets a 429.
    for (let i = 0; i < RATE_LIMIT; i++) await (await request(`${server.url}/merchant_api/v1/orders?limit=1`, { headers: { authorization: `Bearer ${token()}` } })).body.dump();
  }
  await runIntegration({ baseUrl: proxy.url, token: token(), salesChannelId: server.profile.fixtures.salesChannelId, skuId: server.profile.fixtures.sku!.id, prefix: `proxy-${sessions}`, ...(mistake ? { mistake } : {}) });
  return { outcome: await proxy.stop('test over'), lines, reportDir };
}

describe('mfc proxy: the test integration through the proxy', () => {
  it('is clean against the reference server: no finding on either side, the reports list the rules judged', async () => {
    const { outcome, lines, reportDir } = await session();
    expect(outcome.broken).toEqual({ integration: [], deployment: [] });
    expect(sessionExitCode(outcome)).toBe(0);
    expect(outcome.exchanges).toBeGreaterThanOrEqual(8);
    expect(lines.filter((line) => line.startsWith('#'))).toEqual([]);
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunReport;
    expect(report.summary.failed).toBe(0);
    // The rules a clean conversation exercises were judged, on both sides.
    expect(report.checks.map((check) => check.id)).toEqual(expect.arrayContaining([
      'v2.client.request-body', 'v1.client.unknown-property', 'v2.client.next-page-url-followed', 'v1.client.pages-within-page-count',
      'v2.schema.order', 'v2.rate-limit.headers-on-every-response', 'v1.rate-limit.used-counts-up', 'v2.lists.orders.cursor-walk',
      'v1.lists.orders.pagination-consistent', 'v2.orders.update.visible-on-next-read',
    ]));
  });

  const mistakes: Array<[Mistake, ProxyRuleId]> = [
    ['lowercase-currency', 'v2.client.request-body'],
    ['unknown-property', 'v1.client.unknown-property'],
    ['early-retry', 'v1.client.retry-after-kept'],
    ['rate-limit-overrun', 'v1.client.rate-limit-kept'],
    ['guessed-page', 'v2.client.next-page-url-followed'],
  ];
  it.each(mistakes)('with the mistake %s gives exactly %s, on the integration\'s side, and exit 1', async (mistake, rule) => {
    const { outcome, lines } = await session(mistake);
    expect(outcome.broken).toEqual({ integration: [rule], deployment: [] });
    expect(sessionExitCode(outcome)).toBe(1);
    expect(outcome.findings.integration).toBe(1);
    const line = lines.find((text) => text.includes(rule));
    expect(line).toMatch(/^#\d+ (GET|POST|PATCH) \/merchant_api\/v[12]\/\S+ \d{3} {2}\S+ §[\d.]+ \[integration\] /);
  });
});

describe('mfc proxy: what passes through', () => {
  it('answers equal direct answers byte for byte, compressed or not, with their status and headers', async () => {
    clock += MINUTE_MS;
    const proxy = await startProxy({ profile: server.profile, reportDir: join(dir, 'bytes'), print: () => {}, version: 'test', now });
    try {
      for (const encoding of ['identity', 'gzip']) {
        const path = '/merchant_api/v1/orders?limit=3';
        const headers = { authorization: `Bearer ${token()}`, 'accept-encoding': encoding };
        const direct = await request(`${server.url}${path}`, { headers });
        const directBody = Buffer.from(await direct.body.arrayBuffer());
        const proxied = await request(`${proxy.url}${path}`, { headers });
        const proxiedBody = Buffer.from(await proxied.body.arrayBuffer());
        expect(proxied.statusCode).toBe(direct.statusCode);
        expect(proxiedBody.equals(directBody)).toBe(true);
        // The count moved on by one request; every other header is the deployment's as sent.
        const comparable = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([name]) => !['x-rate-limit-used', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)));
        expect(comparable(proxied.headers)).toEqual(comparable(direct.headers));
        expect(Number(proxied.headers['x-rate-limit-used'])).toBe(Number(direct.headers['x-rate-limit-used']) + 1);
      }
    } finally {
      await proxy.stop('test over');
    }
  });

  it('reads no answer past the bound the profile sets and forwards no request body over it', async () => {
    clock += MINUTE_MS;
    const bound = 256;
    const profile: TargetProfile = { ...server.profile, connection: { settings: { maxAnswerBytes: bound }, options: { maxAnswerBytes: bound } } };
    const headers = { authorization: `Bearer ${token()}`, 'accept-encoding': 'identity' };
    const list = '/merchant_api/v1/orders?limit=20';
    const used = async () => {
      const direct = await request(`${server.url}${list}`, { headers });
      const size = (await direct.body.arrayBuffer()).byteLength;
      return { size, used: Number(direct.headers['x-rate-limit-used']) };
    };
    const before = await used();
    expect(before.size).toBeGreaterThan(bound);
    const proxy = await startProxy({ profile, reportDir: join(dir, 'bound'), print: () => {}, version: 'test', now });
    let outcome: ProxyOutcome;
    try {
      // The answer's head and its first bytes went on; past the bound the connection is cut, not read on.
      const read = await request(`${proxy.url}${list}`, { headers }).then(async (answer) => ({ status: answer.statusCode, whole: await answer.body.arrayBuffer().then(() => true, () => false) }));
      expect(read).toEqual({ status: 200, whole: false });
      const large = await request(`${proxy.url}/merchant_api/v1/orders`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ merchant_order_id: 'x'.repeat(bound) }) });
      await large.body.dump();
      expect(large.statusCode).toBe(413);
    } finally {
      outcome = await proxy.stop('test over');
    }
    expect(outcome.exchanges).toBe(1);
    // The deployment counted the read it was sent through the proxy, and no create.
    expect((await used()).used).toBe(before.used + 2);
  });

  it('refuses a request for another host and sends nothing for it', async () => {
    clock += MINUTE_MS;
    const proxy = await startProxy({ profile: server.profile, reportDir: join(dir, 'refused'), print: () => {}, version: 'test', now });
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // An absolute-form target, as to a forward proxy.
      const sent = httpRequest({ host: '127.0.0.1', port: proxy.port, path: 'http://example.test/merchant_api/v1/orders', headers: { authorization: `Bearer ${token()}` } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      sent.on('error', reject).end();
    });
    const outcome = await proxy.stop('test over');
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('forwards only to the profile');
    expect(outcome.exchanges).toBe(0);
  });

  it("writes a HAR 1.2 file and four reports that hold no token in any encoding, the application's own included", async () => {
    // The application's token is not the profile's: the proxy learns it from the requests.
    const { reportDir, lines } = await session('unknown-property', { ...server.profile, tokens: { primary: 'a-profile-token-the-application-does-not-use' } });
    expect(lines.join('\n')).not.toContain(token());
    const har = JSON.parse(await readFile(join(reportDir, 'exchanges.har'), 'utf8')) as { log: { entries: Array<{ request: { url: string; headers: Array<{ name: string; value: string }> } }> } };
    expect(harProblems(har)).toBe('');
    expect(har.log.entries.length).toBeGreaterThanOrEqual(8);
    expect(har.log.entries[0]!.request.url.startsWith(server.url)).toBe(true);
    expect(har.log.entries[0]!.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer [redacted]' });
    for (const file of await readdir(reportDir)) {
      const text = await readFile(join(reportDir, file), 'utf8');
      for (const form of forms(token())) expect(text.includes(form), `${file} holds the token`).toBe(false);
    }
    expect((await readdir(reportDir)).sort()).toEqual(['exchanges.har', 'junit.xml', 'report.html', 'report.json', 'report.md']);
  });
});

describe('mfc run --har', () => {
  it("writes the run's own exchanges as HAR 1.2, without a token or the connection's secret in any encoding", async () => {
    clock += MINUTE_MS;
    const file = join(dir, 'run', 'run.har');
    await mkdir(join(dir, 'run'), { recursive: true });
    // A gateway's key the connection sends with every request: a secret like the tokens.
    const gatewayKey = 'gw-key-har-3e9d51c07a';
    const headers = { 'X-Gateway-Key': { secret: gatewayKey, replayAs: '$GATEWAY_KEY' } };
    const profile: TargetProfile = { ...server.profile, connection: { settings: { headers: { 'X-Gateway-Key': { env: 'GATEWAY_KEY' } } }, options: { headers } } };
    const outcome = await runChecks({ profile, only: 'v1.errors.unknown-order-404', reportDir: join(dir, 'run'), har: { file, version: 'test' } });
    expect(outcome.exitCode).toBe(0);
    const text = await readFile(file, 'utf8');
    const har = JSON.parse(text) as { log: { creator: { name: string }; entries: Array<{ request: { url: string }; response: { status: number } }> } };
    expect(harProblems(har)).toBe('');
    expect(har.log.creator.name).toBe('mfc');
    expect(har.log.entries).toContainEqual(expect.objectContaining({ request: expect.objectContaining({ url: `${server.url}/merchant_api/v1/orders/999999999999` }), response: expect.objectContaining({ status: 404 }) }));
    expect(har.log.entries[0]).toMatchObject({ request: { headers: expect.arrayContaining([{ name: 'x-gateway-key', value: '[redacted]' }]) } });
    for (const secret of [...Object.values(server.profile.tokens), gatewayKey]) {
      for (const form of forms(secret!)) expect(text.includes(form), 'a secret in the HAR').toBe(false);
    }
  });
});

describe('mfc webhooks listen --forward: the application answers webhooks in time', () => {
  const answers: Array<[string, { given: ReceiverAnswer; late: boolean }]> = [
    ['an answer within 5 s', { given: { status: 204, durationMs: WEBHOOK_ANSWER_LIMIT_MS }, late: false }],
    ['an answer after 5 s', { given: { status: 204, durationMs: WEBHOOK_ANSWER_LIMIT_MS + 1 }, late: true }],
    ['no answer', { given: { error: 'ECONNRESET', durationMs: 12 }, late: true }],
  ];
  it.each(answers)('%s', (_name, { given, late }) => {
    expect(webhookAnswerProblem(given) !== undefined).toBe(late);
  });

  it('passes each call on byte for byte, answers what the application answered, and judges its answer', async () => {
    const received: Array<{ path: string; signature: string | undefined; body: string }> = [];
    // The application acknowledges v1 calls and drops the connection of the others.
    const app = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url!, signature: req.headers['x-service-signature'] as string | undefined, body });
        if (req.url === '/hooks/v1') res.writeHead(202).end('taken');
        else req.socket.destroy();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const reportDir = join(dir, 'listen-forward');
    const listener = await startListener({ host: '127.0.0.1', port: 0, tokens: [TOKEN], reportDir, print: () => {}, paths: { v1: '/hooks/v1', v2: '/hooks/v2' }, forward: appUrl });
    try {
      const raw = JSON.stringify(v1RestockingShipment(7, 'arrived'));
      const acknowledged = await deliver(`${listener.url}/hooks/v1`, undefined, { raw, headers: { 'x-service-event-id': 'e-1' } });
      const dropped = await deliver(`${listener.url}/hooks/v2`, undefined, { raw: '{"event_type":"x"}' });
      expect(acknowledged).toEqual({ status: 202, text: 'taken' });
      expect(dropped.status).toBe(502);
      expect(received[0]).toMatchObject({ path: '/hooks/v1', body: raw });
      expect(received[0]!.signature).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await listener.stop('test over');
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunReport;
    const verdicts = Object.fromEntries(report.checks.filter((check) => check.id.endsWith('.answered-in-time')).map((check) => [check.id, check.status]));
    expect(verdicts).toEqual({ 'v1.webhooks.delivery-1.answered-in-time': 'passed', 'v2.webhooks.delivery-2.answered-in-time': 'failed' });
  });
});
