import { newOrder, type Reply } from '../client.js';
import { probeStart, type ProbeContext } from '../../faults/probe.js';
import type { variants as lists } from '../../../packages/cli/server/variants/lists.js';
import type { variants as seed } from '../../../packages/cli/server/variants/seed.js';
import type { variants as time } from '../../../packages/cli/server/variants/time.js';
import type { variants as traffic } from '../../../packages/cli/server/variants/traffic.js';
import type { VariantCases } from './types.js';

const shipment = { warehouse_id: 3, estimated_arrival_date: '2026-04-01', delivery_option: 'courier', restocking_shipment_items: [{ sku_id: 502, announced_quantity: 3 }] };

async function usedJumps(t: ProbeContext): Promise<number[]> {
  const used: number[] = [];
  for (let i = 0; i < 4; i++) used.push(Number((await t.v1.get('/warehouses')).headers.get('x-rate-limit-used')));
  return used.slice(1).map((u, i) => u - (used[i] as number));
}

/** Time, traffic and seed variants (the probe clock stands at 2026-03-01T10:00:30.250Z). */
export const conditionCases = {
  'time-whole-seconds': {
    probe: async (t) => {
      const created = (await t.v2.post('/restocking_shipments', shipment)).body;
      // What a client reads back is what the filters compare: the stored time has no fraction either.
      const order = (await t.v1.post('/orders', newOrder({ created_at: '2026-02-01T10:00:00.600Z' }))).body;
      const after = (await t.v2.get(`/orders?limit=100&created_at[gt]=${order.created_at}`)).body.data.map((o: { id: number }) => o.id);
      return [created.created_at, order.created_at, after.includes(order.id)];
    },
    conforming: ['2026-03-01T10:00:30.250Z', '2026-02-01T10:00:00.600Z', false],
    variant: ['2026-03-01T10:00:30Z', '2026-02-01T10:00:00Z', false],
  },
  'time-offset-plus-one': {
    probe: async (t) => (await t.v2.get('/restocking_shipments/901')).body.created_at,
    conforming: '2026-01-02T07:30:00.000Z',
    variant: '2026-01-02T08:30:00.000+01:00',
  },
  'time-without-offset': {
    probe: async (t) => {
      const created = (await t.v2.get('/restocking_shipments/901')).body.created_at;
      // A filter time without an offset is UTC too: one millisecond after the shipment's time leaves it out.
      const after = (await t.v2.get('/restocking_shipments?limit=100&created_at[gt]=2026-01-02T07:30:00.001')).body.data.map((s: { id: number }) => s.id);
      return [created, after.includes(901)];
    },
    conforming: ['2026-01-02T07:30:00.000Z', false],
    variant: ['2026-01-02T07:30:00.000', false],
  },
  'time-coarse-receive-clock': {
    probe: async (t) => {
      const first = (await t.v1.post('/orders', newOrder())).body;
      const second = (await t.v1.post('/orders', newOrder())).body;
      const newest = (await t.v1.get('/orders?limit=2')).body.data.map((o: { id: number }) => o.id);
      return [first.created_at, second.created_at, newest[0] === second.id];
    },
    conforming: ['2026-03-01T10:00:30.250Z', '2026-03-01T10:00:30.251Z', true],
    // Received within the same second: the same time, and the newest-first order among them is ours to choose.
    variant: ['2026-03-01T10:00:30.000Z', '2026-03-01T10:00:30.000Z', false],
  },

  // An order created and a seeded one changed at 10:00:30.250: whether the v1 and v2 lists show the new
  // one and the change at once, 1.4 s and 1.5 s later; reads by id see both at once.
  'lists-lag-behind-writes': {
    probe: async (t) => {
      const created = (await t.v1.post('/orders', newOrder())).body;
      await t.v2.patch('/orders/101', { tags: ['lagging'] });
      const read = [(await t.v2.get(`/orders/${created.id}`)).status, (await t.v2.get('/orders/101')).body.tags];
      const listed = async () => [
        (await t.v1.get('/orders?limit=100')).body.data.some((o: { id: number }) => o.id === created.id),
        (await t.v2.get('/orders?limit=100')).body.data.find((o: { id: number }) => o.id === 101).tags,
      ];
      const atOnce = await listed();
      t.setNow(probeStart + 1_400);
      const soon = await listed();
      t.setNow(probeStart + 1_400 + 1_500);
      return [read, atOnce, soon, await listed()];
    },
    conforming: [[200, ['lagging']], [true, ['lagging']], [true, ['lagging']], [true, ['lagging']]],
    variant: [[200, ['lagging']], [false, ['seed']], [false, ['seed']], [true, ['lagging']]],
  },
  'traffic-other-clients': { probe: usedJumps, conforming: [1, 1, 1], variant: [3, 3, 4], options: { rateLimit: 10_000 } },
  // Three v2 requests at 10:00:30, then one 35 s later, in the next calendar minute but within 60 s.
  'traffic-v2-rolling-window': {
    probe: async (t) => {
      for (let i = 0; i < 3; i++) await t.v2.get('/orders');
      t.setNow(probeStart + 35_000);
      const later = await t.v2.get('/orders');
      return [later.headers.get('x-rate-limit-used'), (await t.v1.get('/warehouses')).headers.get('x-rate-limit-used')];
    },
    conforming: ['1', '1'],
    variant: ['4', '1'],
  },
  // Three v2 requests at 10:00:30 find a window opened 57 s before; 20 s later, in the same calendar
  // minute, that window has closed and a new one opens.
  'traffic-v2-window-from-first-request': {
    probe: async (t) => {
      let third: Reply | undefined;
      for (let i = 0; i < 3; i++) third = await t.v2.get('/orders');
      t.setNow(probeStart + 20_000);
      const later = await t.v2.get('/orders');
      return [third!.headers.get('x-rate-limit-used'), later.headers.get('x-rate-limit-used')];
    },
    conforming: ['3', '4'],
    variant: ['4', '1'],
  },
  'traffic-slow-responses': {
    probe: async (t) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await t.v1.get('/warehouses');
        times.push(performance.now() - started);
      }
      return Math.min(...times) >= 100;
    },
    conforming: false,
    variant: true,
  },
  'traffic-clock-behind': {
    probe: async (t) => {
      const reply = await t.v2.post('/restocking_shipments', shipment);
      return [reply.headers.get('date'), reply.body.created_at];
    },
    conforming: ['Sun, 01 Mar 2026 10:00:30 GMT', '2026-03-01T10:00:30.250Z'],
    variant: ['Sun, 01 Mar 2026 09:58:22 GMT', '2026-03-01T09:58:22.750Z'],
  },

  'seed-empty': {
    // The accounts stand (the tokens work, warehouses and SKUs read), and nothing the merchant's use makes.
    probe: async (t) => [
      (await t.v1.get('/orders')).body.pagination.item_count,
      (await t.v2.get('/restocking_shipments')).body.data.length,
      (await t.v1.get('/shipments')).body.data.length,
      (await t.v1.get('/warehouses')).body.data.length,
      (await t.v1.get('/skus/501')).body.status,
      (await t.v1.post('/orders', newOrder())).status,
    ],
    conforming: [48, 8, 1, 2, 'active', 201],
    variant: [0, 0, 0, 2, 'active', 201],
  },
  'seed-large-merchant': {
    probe: async (t) => [(await t.v1.get('/orders')).body.pagination.item_count, (await t.v2.get('/restocking_shipments/2500')).status, (await t.v1.post('/orders', newOrder())).body.id],
    conforming: [48, 404, 1001],
    variant: [3048, 200, 4001],
  },
} satisfies VariantCases<typeof time | typeof lists | typeof traffic | typeof seed>;
