import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerOptions, VariantName } from '../../packages/cli/server/index.js';
import { UnknownVariantError, combinedVariants, startServer, variants } from '../../packages/cli/server/index.js';
import type { variants as webhookVariants } from '../../packages/cli/server/variants/webhooks.js';
import { runCli } from '../support/run-cli.js';
import { start } from './client.js';
import { probeStart } from '../faults/probe.js';
import { conditionCases } from './variant-cases/conditions.js';
import { connectionCases } from './variant-cases/connections.js';
import { resourceCases } from './variant-cases/resources.js';
import type { VariantCase } from './variant-cases/types.js';

// Each variant is a legal choice (server/README.md "Variants"): its probe must show it, and the
// default server must answer otherwise. The test client checks headers and schemas on both sides.

// Every variant but the webhook ones, which have their own table below.
const cases: Record<Exclude<VariantName, `webhooks-${string}`>, VariantCase> = { ...resourceCases, ...conditionCases, ...connectionCases };

async function observe(row: VariantCase, options: ServerOptions, check: boolean): Promise<unknown> {
  let now = probeStart;
  const t = await start({ ...row.options, ...options, now: () => now }, check);
  try {
    return await row.probe({ ...t, setNow: (ms) => { now = ms; } });
  } finally {
    await t.close();
  }
}

describe('the variant list', () => {
  it('has a row for every variant (webhook variants below), each named <area>-<choice> with a § and a sentence', () => {
    const names = variants.map((v) => v.name).filter((name) => !name.startsWith('webhooks-'));
    expect(Object.keys(cases).sort()).toEqual([...names].sort());
    for (const v of variants) {
      expect(v.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(v.section).toMatch(/^\d+(\.\d+)*$/);
      expect(v.description.length).toBeGreaterThan(20);
    }
    expect(new Set(variants.map((v) => v.name)).size).toBe(variants.length);
  });

  it('combines one variant of each group of alternatives in `all`, and every variant without a group', () => {
    const groups = new Map<string, VariantName[]>();
    for (const v of variants) if (v.group) groups.set(v.group, [...(groups.get(v.group) ?? []), v.name]);
    for (const [, members] of groups) expect(members.filter((m) => combinedVariants.includes(m))).toHaveLength(1);
    expect(combinedVariants).toEqual(expect.arrayContaining(variants.filter((v) => !v.group).map((v) => v.name)));
  });

  it('rejects an unknown name and two alternatives of one group', async () => {
    await expect(startServer({ variants: ['v2-no-such-variant'] })).rejects.toThrow(UnknownVariantError);
    await expect(startServer({ variants: ['v2-errors-strings', 'v2-errors-mixed'] })).rejects.toThrow(/alternatives/);
  });

  it('serves with every variant at once, and with faults', async () => {
    const t = await start({ variants: [...combinedVariants], faults: ['v1-lists-page-zero-based'], rateLimit: 10_000 });
    try {
      expect((await t.v1.get('/orders')).status).toBe(200);
      expect((await t.v2.get('/orders')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('mfc serve --variant list prints every variant with its §; unknown names exit 2', async () => {
    const list = await runCli(['serve', '--variant', 'list']);
    expect(list.code).toBe(0);
    for (const v of variants) expect(list.stdout).toContain(v.name);
    expect(list.stdout).toMatch(/cancel-empty-body\s+§4\.2 /);
    const unknown = await runCli(['serve', '--variant', 'no-such-variant']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown variant "no-such-variant"');
  });
});

describe.each(Object.entries(cases))('variant %s', (name, row) => {
  it('changes what the probe observes, legally (answers valid against the documents)', async () => {
    expect(await observe(row, {}, true)).toEqual(row.conforming);
    expect(await observe(row, { variants: [name] }, row.check ?? true)).toEqual(row.variant);
  });
});

// The webhook variants: what a receiver gets when a restocking shipment is created (through v1) and
// restocking shipment 901 (created) is cancelled.
let receiverUrl: string;
let received: Record<string, any>[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ path: req.url, eventId: req.headers['x-service-event-id'], ...JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    res.writeHead(204).end();
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

// v1 bodies are bare resources: a restocking shipment has a barcode, our return does not.
const kind = (call: Record<string, any>): string => (call.path === '/v1' ? `v1 ${call.barcode ? 'restocking' : 'return'} ${call.status}` : `v2 ${call.event_type} ${call.data.status}`);

async function deliveries(variant: string[]): Promise<Record<string, any>[]> {
  received = [];
  const t = await start({ variants: variant, webhookV1Url: `${receiverUrl}/v1`, webhookV2Url: `${receiverUrl}/v2`, webhookTimeScale: 0.0001 });
  try {
    const shipment = { warehouse_id: 3, estimated_arrival_date: '2026-04-01', delivery_option: 'courier', restocking_shipment_items: [{ sku_id: 502, announced_quantity: 10 }] };
    expect((await t.v1.post('/restocking_shipments', shipment)).status).toBe(201);
    expect((await t.v2.put('/restocking_shipments/901/cancel')).status).toBe(200);
    // Deliveries run in the background: every call, duplicates and late events included, is made
    // (and so received, as the receiver answers after reading it) once the dispatcher has settled.
    await t.server.webhooksSettled();
    return received;
  } finally {
    await t.close();
  }
}

const webhookCases = {
  'webhooks-extra-events': {
    observe: (calls) => calls.map(kind).sort(),
    conforming: ['v1 restocking cancelled', 'v2 restocking_shipment.status_updated cancelled'],
    variant: ['v1 restocking cancelled', 'v1 return received', 'v2 restocking_shipment.status_updated cancelled', 'v2 return.status_updated received'],
  },
  'webhooks-duplicate-deliveries': {
    observe: (calls) => {
      const v1 = calls.filter((c) => c.path === '/v1');
      const v2 = calls.filter((c) => c.path === '/v2');
      return [v1.length, new Set(v1.map((c) => c.eventId)).size, v2.length, new Set(v2.map((c) => c.event_id)).size];
    },
    conforming: [1, 1, 1, 1],
    variant: [2, 1, 2, 1],
  },
  'webhooks-two-calls-per-event': {
    observe: (calls) => {
      const v1 = calls.filter((c) => c.path === '/v1');
      const v2 = calls.filter((c) => c.path === '/v2');
      const payloads = (list: Record<string, any>[]) => new Set(list.map((c) => JSON.stringify(c.path === '/v1' ? { ...c, eventId: undefined } : c.data))).size;
      return [v1.length, new Set(v1.map((c) => c.eventId)).size, payloads(v1), v2.length, new Set(v2.map((c) => c.event_id)).size, payloads(v2)];
    },
    conforming: [1, 1, 1, 1, 1, 1],
    variant: [2, 2, 1, 2, 2, 1],
  },
  'webhooks-creation-announced': {
    observe: (calls) => calls.map(kind).sort(),
    conforming: ['v1 restocking cancelled', 'v2 restocking_shipment.status_updated cancelled'],
    variant: ['v1 restocking cancelled', 'v1 restocking shipped', 'v2 restocking_shipment.status_updated cancelled', 'v2 restocking_shipment.status_updated shipped'],
  },
  'webhooks-out-of-order': {
    observe: (calls) => {
      const v2 = calls.filter((c) => c.path === '/v2');
      return [calls.filter((c) => c.path === '/v1').map((c) => c.status), v2.map((c) => c.data.status), v2.every((c, i) => i === 0 || c.timestamp < v2[i - 1]!.timestamp)];
    },
    conforming: [['cancelled'], ['cancelled'], true],
    variant: [['cancelled', 'created'], ['cancelled', 'created'], true],
  },
} satisfies Record<(typeof webhookVariants)[number]['name'], { observe(calls: Record<string, any>[]): unknown; conforming: unknown; variant: unknown }>;

describe.each(Object.entries(webhookCases))('variant %s', (name, row) => {
  it('changes what a webhook receiver gets', async () => {
    expect(row.observe(await deliveries([]))).toEqual(row.conforming);
    expect(row.observe(await deliveries([name]))).toEqual(row.variant);
  });
});

it('has a webhook row for every webhook variant', () => {
  expect(Object.keys(webhookCases).sort()).toEqual(variants.map((v) => v.name).filter((n) => n.startsWith('webhooks-')).sort());
});
