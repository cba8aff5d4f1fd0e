// Restocking guards (§3.1, §4.1, §4.2): generated update bodies against shipments in every status the
// v2 list exposes. Editable shipments (created, shipped) accept and replace items as stated; the rest
// answer 422 and leave what the update tried to change as it was. Updates meant to be accepted go only to
// the run's own shipment; updates meant to be refused are sent to listed shipments in other statuses,
// which may not be the run's.
import fc from 'fast-check';
import { check, type ApiVersion, type CheckContext } from '../src/checks/index.js';
import { announcedPairs, merchantShipments, NOT_EDITABLE_SHIPMENTS, oneOfEachStatus, v2RestockingBody } from '../suites/support/restocking.js';
import { recordId } from '../suites/support/scope.js';
import { answerExcerpt } from '../suites/support/success.js';
import { restockingUpdateArb, type RestockingUpdate } from './restocking-arbitraries.js';
import { assertProperty } from './support/property.js';
import { cancelAtEnd } from '../suites/support/cancel.js';

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
  fields.announced_items = announcedPairs(shipment?.restocking_shipment_items);
  return fields;
}

interface Shipment extends Record<string, unknown> {
  id: number;
  status: string;
}

/** One shipment per status the merchant's list shows that the run may not change: the 422 targets. */
async function refusedTargets(t: CheckContext): Promise<Map<string, Shipment>> {
  const shipments = await merchantShipments(t) as Shipment[];
  const targets = oneOfEachStatus(shipments, (shipment) => recordId(shipment) !== undefined && !editableStatuses.includes(shipment.status));
  return new Map(targets.map((shipment) => [shipment.status, shipment]));
}

/** A shipment of the run's own, in status shipped (§3.1: where API-created shipments start). */
async function ownShipment(t: CheckContext): Promise<Shipment> {
  const created = await t.v2.post('/restocking_shipments', { body: v2RestockingBody(t) });
  t.expectStatus(created, 201, 'POST /restocking_shipments creates the shipment (§4.2)');
  return created.body as Shipment;
}

/**
 * The guard property of one api: the update lands on the run's own shipped shipment or on a listed
 * shipment in another status; `expectAccepted` judges what an accepted update must show.
 */
async function guardProperty(t: CheckContext, api: ApiVersion, id: string, runs: number, expectAccepted: (sent: RestockingUpdate, before: Shipment, after: Record<string, unknown>) => string[]): Promise<void> {
  const targets = await refusedTargets(t);
  // The run's own shipment, made when a run first draws status shipped (or for the v2 cancels at the
  // end) and cancelled at the check's end: the run's shipment leaves no open inbound delivery behind.
  let own: Shipment | undefined;
  const ownMade = async (): Promise<Shipment> => {
    if (own === undefined) {
      own = await ownShipment(t);
      cancelAtEnd(t, 'restocking_shipments', own.id);
    }
    return own;
  };
  // Each target is read when a run first draws its status, just before the first update sent to it.
  const before = new Map<number, Record<string, unknown>>();
  // Targets that read as editable by then (the list was read earlier in the run; §3.1 does not show
  // every move): no update to them is sure to be refused, so runs drawing them are discarded.
  const movedOn = new Set<number>();
  const statuses = ['shipped', ...targets.keys()];
  await assertProperty(t, { id, runs }, fc.asyncProperty(
    fc.constantFrom(...statuses), restockingUpdateArb(t.fixtures.sku!.id, t.marker),
    async (status, drawn) => {
      const target = status === 'shipped' ? await ownMade() : targets.get(status)!;
      if (status !== 'shipped' && !before.has(target.id) && !movedOn.has(target.id)) {
        const read = await t.v2.get('/restocking_shipments/{id}', { path: { id: target.id } });
        if (editableStatuses.includes(read.body?.status)) movedOn.add(target.id);
        else before.set(target.id, updatableFields(read.body));
      }
      fc.pre(!movedOn.has(target.id));
      const items = drawn.restocking_shipment_items;
      const update = status === 'shipped' && items ? { ...drawn, restocking_shipment_items: items.slice(0, 1) } : drawn;
      const put = { path: { id: target.id }, body: update };
      const res = api === 'v1' ? await t.v1.put('/restocking_shipments/{id}', put) : await t.v2.put('/restocking_shipments/{id}', put);
      if (status === 'shipped') {
        t.expectStatus(res, 200, `PUT /restocking_shipments/{id} on a shipment in status shipped is accepted (§3.1, ${api === 'v1' ? '§4.1' : '§4.2'})`);
        const problems = expectAccepted(update, target, res.body);
        if (problems.length > 0) t.fail({ title: `The accepted ${api} update does not show what it set (${api === 'v1' ? '§4.1' : '§4.2'})`, expected: JSON.stringify(update), received: problems.join('; '), response: res });
        own = { ...target, ...res.body, id: target.id, status: 'shipped' };
        return;
      }
      const after = await t.v2.get('/restocking_shipments/{id}', { path: { id: target.id } });
      const unchanged = before.get(target.id);
      // What the shipment is now is what later runs (and shrinking) compare with, so a wrongly accepted
      // update fails only the run that sent it.
      const now = updatableFields(after.body);
      before.set(target.id, now);
      t.expectStatus(res, 422, `PUT /restocking_shipments/{id} on a shipment in status ${status} answers 422 (§3.1: only created or shipped)`);
      t.expect(after, `The refused update changed none of the updatable fields of the shipment in status ${status} (read back)`, unchanged, now);
    },
  ));
  // Cancel is a v2 operation (§4.2); the v1 property leaves it to the cleanup. Which states permit a
  // cancel is not shown (§3.1): a refused first cancel ends the property there, and a second cancel may
  // answer 422 or be taken as done, as long as the shipment stays cancelled.
  if (api === 'v1') return;
  const { id: ownId } = await ownMade();
  const first = await t.v2.put('/restocking_shipments/{id}/cancel', { path: { id: ownId }, validate: false });
  if (first.status >= 400 && first.status < 500) return;
  if (first.status < 200 || first.status > 299) t.fail({ title: 'Cancelling the run\'s shipped shipment answers success or a refusal (§3.1)', expected: 'a 2xx or a 4xx', received: answerExcerpt(first), response: first });
  const second = await t.v2.put('/restocking_shipments/{id}/cancel', { path: { id: ownId }, validate: false });
  if (second.status === 422) return;
  t.expectStatus(second, [200, 201, 202, 204, 422], 'A second cancel answers 422 (not possible) or success (§3.1)');
  const after = await t.v2.get('/restocking_shipments/{id}', { path: { id: ownId } });
  t.expect(after, 'A second cancel the service accepted leaves the shipment cancelled (§3.1)', 'cancelled', after.body?.status);
}

/** What a v2 update shows: the properties it sent, and the items it sent replacing the old ones. */
function v2Shows(sent: RestockingUpdate, _before: Shipment, after: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of copied) if (sent[key] !== undefined && after[key] !== sent[key]) problems.push(`${key} ${JSON.stringify(after[key])} instead of ${JSON.stringify(sent[key])}`);
  if (sent.restocking_shipment_items && JSON.stringify(announcedPairs(after.restocking_shipment_items)) !== JSON.stringify(announcedPairs(sent.restocking_shipment_items))) {
    problems.push(`items ${JSON.stringify(announcedPairs(after.restocking_shipment_items))} instead of ${JSON.stringify(announcedPairs(sent.restocking_shipment_items))}`);
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
  const items = announcedPairs(sent.restocking_shipment_items ?? []);
  if (JSON.stringify(announcedPairs(after.restocking_shipment_items)) !== JSON.stringify(items)) {
    problems.push(`items ${JSON.stringify(announcedPairs(after.restocking_shipment_items))} instead of ${JSON.stringify(items)}${sent.restocking_shipment_items ? '' : ' (left out: every item removed)'}`);
  }
  return problems;
}

const needs = ['fixtures.warehouseId', 'fixtures.sku'];

check({
  id: 'v2.properties.restocking-guards',
  api: 'v2',
  section: '3.1',
  title: 'v2 restocking updates: generated bodies are accepted on the run\'s shipped shipment and refused with 422, changing nothing, in every other listed status; a second cancel answers 422 or leaves it cancelled',
  needs,
  writes: true,
  locks: [NOT_EDITABLE_SHIPMENTS],
}, (t) => guardProperty(t, 'v2', 'v2.properties.restocking-guards', 6, v2Shows));

check({
  id: 'v1.properties.restocking-guards',
  api: 'v1',
  section: '3.1',
  title: 'v1 restocking updates: generated bodies are accepted on the run\'s shipped shipment (omitted kept, items replaced) and refused with 422, changing nothing, in every other status',
  needs,
  writes: true,
  locks: [NOT_EDITABLE_SHIPMENTS],
}, (t) => guardProperty(t, 'v1', 'v1.properties.restocking-guards', 4, v1Shows));
