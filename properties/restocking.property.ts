// Restocking guards (§3.1, §4.1, §4.2): generated update bodies against shipments in every status the
// v2 list exposes. Editable shipments (created, shipped) accept and replace items as stated; the rest
// answer 422 and leave what the update tried to change as it was. Updates meant to be accepted go only to
// the run's own shipment; updates meant to be refused are sent to listed shipments in other statuses,
// which may not be the run's.
import fc from 'fast-check';
import { check, type ApiVersion, type CheckContext } from '../src/checks/index.js';
import { nextPageRequest, walkV2 } from './pagination-model.js';
import { announcedItems, restockingUpdateArb, type RestockingUpdate } from './restocking-arbitraries.js';
import { assertProperty } from './support/property.js';

const editableStatuses = ['created', 'shipped'];
const copied = ['po_number', 'supplier_name', 'tracking_code', 'delivery_option'] as const;

/**
 * What a refused update tried to change: the properties of the update body and the announced items
 * (§4.1, §4.2; a v1 update without items would remove them all). Other fields (updated_at, arrived
 * quantities, status) may move on their own on a live service, so they are not compared.
 */
function updatableFields(shipment: Record<string, unknown> | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of [...copied, 'estimated_arrival_date']) fields[key] = shipment?.[key];
  fields.announced_items = announcedItems(shipment?.restocking_shipment_items);
  return fields;
}

interface Shipment extends Record<string, unknown> {
  id: number;
  status: string;
}

/** One shipment per status the v2 list shows that the run may not change: the 422 targets. */
async function refusedTargets(t: CheckContext): Promise<Map<string, Shipment>> {
  // The URL of the page last read: a relative next_page_url resolves against it.
  let pageUrl = '';
  const read = async (path: string, query?: Record<string, number>) => {
    const res = await t.v2.get(path, query ? { query } : {});
    pageUrl = res.exchange.url;
    return res.body;
  };
  const walk = await walkV2(
    () => read('/restocking_shipments', { limit: 50 }),
    (url) => read(nextPageRequest(url, pageUrl)),
    40,
  );
  const targets = new Map<string, Shipment>();
  for (const shipment of walk.records as Shipment[]) {
    if (!editableStatuses.includes(shipment.status) && !targets.has(shipment.status)) targets.set(shipment.status, shipment);
  }
  return targets;
}

/** A shipment of the run's own, in status shipped (§3.1: where API-created shipments start). */
async function ownShipment(t: CheckContext): Promise<Shipment> {
  const created = await t.v2.post('/restocking_shipments', {
    delivery_option: 'courier',
    estimated_arrival_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    warehouse_id: t.fixtures.warehouseId,
    restocking_shipment_items: [{ sku_id: t.fixtures.sku!.id, announced_quantity: 5 }],
    po_number: t.uniqueId('po'),
    supplier_name: t.marker,
  });
  t.expectStatus(created, 201, 'POST /restocking_shipments creates the shipment (§4.2)');
  return created.body as Shipment;
}

/**
 * The guard property of one api: the update lands on the run's own shipped shipment or on a listed
 * shipment in another status; `expectAccepted` judges what an accepted update must show.
 */
async function guardProperty(t: CheckContext, api: ApiVersion, id: string, runs: number, expectAccepted: (sent: RestockingUpdate, before: Shipment, after: Record<string, unknown>) => string[]): Promise<void> {
  const targets = await refusedTargets(t);
  let own = await ownShipment(t);
  // Cancelled at the end: the run's shipment leaves no open inbound delivery behind.
  t.cleanup(() => t.v2.put(`/restocking_shipments/${own.id}/cancel`, undefined, { validate: false }));
  const before = new Map<number, Record<string, unknown>>();
  for (const shipment of targets.values()) before.set(shipment.id, updatableFields((await t.v2.get(`/restocking_shipments/${shipment.id}`)).body));
  const statuses = ['shipped', ...targets.keys()];
  await assertProperty(t, { id, runs }, fc.asyncProperty(
    fc.constantFrom(...statuses), restockingUpdateArb(t.fixtures.sku!.id, t.marker),
    async (status, update) => {
      const client = api === 'v1' ? t.v1 : t.v2;
      const target = status === 'shipped' ? own : targets.get(status)!;
      const res = await client.put(`/restocking_shipments/${target.id}`, update);
      if (status === 'shipped') {
        t.expectStatus(res, 200, `PUT /restocking_shipments/{id} on a shipment in status shipped is accepted (§3.1, ${api === 'v1' ? '§4.1' : '§4.2'})`);
        const problems = expectAccepted(update, own, res.body);
        if (problems.length > 0) t.fail({ title: `The accepted ${api} update does not show what it set (${api === 'v1' ? '§4.1' : '§4.2'})`, expected: JSON.stringify(update), received: problems.join('; '), response: res });
        own = { ...own, ...res.body, id: own.id, status: 'shipped' };
        return;
      }
      const after = await t.v2.get(`/restocking_shipments/${target.id}`);
      const unchanged = before.get(target.id);
      // What the shipment is now is what later runs (and shrinking) compare with, so a wrongly accepted
      // update fails only the run that sent it.
      const now = updatableFields(after.body);
      before.set(target.id, now);
      t.expectStatus(res, 422, `PUT /restocking_shipments/{id} on a shipment in status ${status} answers 422 (§3.1: only created or shipped)`);
      t.expect(after, `The refused update changed none of the updatable fields of the shipment in status ${status} (read back)`, unchanged, now);
    },
  ));
  // Cancel is a v2 operation (§4.2); the v1 property leaves it to the cleanup.
  if (api === 'v1') return;
  const first = await t.v2.put(`/restocking_shipments/${own.id}/cancel`, undefined, { validate: false });
  if (first.status < 200 || first.status > 299) t.fail({ title: 'Cancelling the run\'s shipped shipment succeeds (§3.1)', expected: 'a 2xx', received: `status ${first.status}`, response: first });
  const second = await t.v2.put(`/restocking_shipments/${own.id}/cancel`);
  t.expectStatus(second, 422, 'A second cancel answers 422: cancelled to cancelled is no transition (§3.1)');
}

/** What a v2 update shows: the properties it sent, and the items it sent replacing the old ones. */
function v2Shows(sent: RestockingUpdate, _before: Shipment, after: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of copied) if (sent[key] !== undefined && after[key] !== sent[key]) problems.push(`${key} ${JSON.stringify(after[key])} instead of ${JSON.stringify(sent[key])}`);
  if (sent.restocking_shipment_items && JSON.stringify(announcedItems(after.restocking_shipment_items)) !== JSON.stringify(announcedItems(sent.restocking_shipment_items))) {
    problems.push(`items ${JSON.stringify(announcedItems(after.restocking_shipment_items))} instead of ${JSON.stringify(announcedItems(sent.restocking_shipment_items))}`);
  }
  return problems;
}

/** What a v1 update shows (§4.1): sent properties set, omitted ones kept, items replaced by the sent list or removed when left out. */
function v1Shows(sent: RestockingUpdate, before: Shipment, after: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of copied) {
    const want = sent[key] ?? before[key];
    if (after[key] !== want) problems.push(`${key} ${JSON.stringify(after[key])} instead of ${JSON.stringify(want)}${sent[key] === undefined ? ' (left out: kept)' : ''}`);
  }
  const items = announcedItems(sent.restocking_shipment_items ?? []);
  if (JSON.stringify(announcedItems(after.restocking_shipment_items)) !== JSON.stringify(items)) {
    problems.push(`items ${JSON.stringify(announcedItems(after.restocking_shipment_items))} instead of ${JSON.stringify(items)}${sent.restocking_shipment_items ? '' : ' (left out: every item removed)'}`);
  }
  return problems;
}

const needs = ['fixtures.warehouseId', 'fixtures.sku'];

check({
  id: 'v2.properties.restocking-guards',
  api: 'v2',
  section: '3.1',
  title: 'v2 restocking updates: generated bodies are accepted on the run\'s shipped shipment and refused with 422, changing nothing, in every other listed status; cancel once, then 422',
  needs,
  writes: true,
}, (t) => guardProperty(t, 'v2', 'v2.properties.restocking-guards', 12, v2Shows));

check({
  id: 'v1.properties.restocking-guards',
  api: 'v1',
  section: '3.1',
  title: 'v1 restocking updates: generated bodies are accepted on the run\'s shipped shipment (omitted kept, items replaced) and refused with 422, changing nothing, in every other status',
  needs,
  writes: true,
}, (t) => guardProperty(t, 'v1', 'v1.properties.restocking-guards', 8, v1Shows));
