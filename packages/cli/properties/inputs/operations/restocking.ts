// The restocking shipment operations whose bodies are generated (§2.3, §4.1, §4.2): create and update in
// both versions. Restocking shipments are merchant-scoped in both, so v2 cancels every one a case made,
// and the v2 list tells whether a refused create left one behind.
import type { ApiResponse, CheckContext } from '../../../src/checks/index.js';
import { createV2Shipment, v1RestockingBody } from '../../../suites/support/restocking.js';
import { recordId } from '../../../suites/support/scope.js';
import type { Fixtures, SkuFixture } from '../../../src/profile/index.js';
import type { GeneratedOperation, Problem } from '../operation.js';
import { cancelCreated, unchangedRecord, withUniqueId, type UpdatedRecord } from './records.js';

const needs = ['fixtures.warehouseId', 'fixtures.sku'];
// Restocking shipments are the merchant's (§1): a line may name any of its SKUs the profile gives.
const skus = (fixtures: Fixtures): SkuFixture[] => [fixtures.sku, fixtures.batchSku, fixtures.otherChannelSku].filter((sku): sku is SkuFixture => sku !== undefined);
// A line names its SKU by sku_id: when both are sent, sku_id is used on create (§2.3), and on an
// update which one wins is not stated.
const leftOut = ['sku_code'];
// Carried by the answers and the sample bodies; whether it is settable is not shown (§2.3): sent, never judged.
const exempt = ['priority'];
// Which v1 create properties are required is not shown (§4.1): every case sends each of them, as the
// run's other v1 creates do, so a service requiring one refuses no case for its absence.
const v1Sent = ['warehouse_id', 'estimated_arrival_date', 'delivery_option', 'tracking_code', 'po_number', 'supplier_name', 'restocking_shipment_items'];

/**
 * After a refused create: no shipment of the merchant carries the case's po_number among those the v2
 * list shows created in the last hour. A list the target does not filter so, or one that goes on past
 * its first page without it, judges nothing.
 */
async function noShipmentLeftBehind(t: CheckContext, body: unknown): Promise<Problem | undefined> {
  const poNumber = (body as Record<string, unknown> | null)?.po_number;
  if (typeof poNumber !== 'string') return undefined;
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const list = await t.v2.get('/restocking_shipments', { query: { 'created_at[gte]': since, limit: 100 }, validate: false });
  const found = (list.body as { data?: unknown } | undefined)?.data;
  const shipment = Array.isArray(found) ? found.find((record: { po_number?: unknown }) => record?.po_number === poNumber) : undefined;
  if (list.status !== 200 || shipment === undefined) return undefined;
  cancelCreated(t, 'restocking_shipments', { ...list, status: 200, body: shipment });
  return {
    title: 'A refused restocking shipment create leaves nothing behind (§7): no shipment has its po_number',
    expected: `no shipment with po_number ${JSON.stringify(poNumber)}`,
    received: `shipment ${JSON.stringify(recordId(shipment) ?? null)} listed with it`,
    response: list,
  };
}

/** Reads a restocking shipment by id through `api`, keeping it as the state a refused update must leave. */
async function readShipment(t: CheckContext, api: 'v1' | 'v2', id: number, record?: UpdatedRecord): Promise<ApiResponse> {
  const read = api === 'v1' ? await t.v1.get('/restocking_shipments/{id}', { path: { id } }) : await t.v2.get('/restocking_shipments/{id}', { path: { id } });
  if (record !== undefined && read.status === 200) record.last = read.body;
  return read;
}

const readCreated = (api: 'v1' | 'v2') => async (t: CheckContext, answer: ApiResponse): Promise<ApiResponse | undefined> => {
  const id = recordId(answer.body);
  return id === undefined ? undefined : readShipment(t, api, id);
};

/** v2 POST /restocking_shipments. */
export const v2RestockingCreate: GeneratedOperation = {
  id: 'v2.properties.generated.restocking-shipments-create',
  api: 'v2',
  operation: 'POST /restocking_shipments',
  section: '4.2',
  title: 'POST /restocking_shipments with generated bodies: what the documents allow is accepted and reads back unchanged, what they forbid is refused with 400 or 422 and leaves no shipment',
  needs,
  writes: true,
  input: 'body',
  skus,
  leftOut,
  bind: (t, input) => withUniqueId(t, input, 'po_number', 'po'),
  send: async (t, body, _prepared, unjudged) => {
    const answer = await t.v2.post('/restocking_shipments', { body, unjudged });
    cancelCreated(t, 'restocking_shipments', answer);
    return answer;
  },
  kept: { absentJudged: true, update: false, exempt },
  read: readCreated('v2'),
  refused: (t, body) => noShipmentLeftBehind(t, body),
};

/** v2 PUT /restocking_shipments/{id}, on a shipment of the run in status shipped (§3.1: updates allowed). */
export const v2RestockingUpdate: GeneratedOperation<UpdatedRecord> = {
  id: 'v2.properties.generated.restocking-shipments-update',
  api: 'v2',
  operation: 'PUT /restocking_shipments/{id}',
  section: '4.2',
  title: 'PUT /restocking_shipments/{id} with generated bodies: what the documents allow is accepted and reads back, what they forbid is refused with 400 or 422 and changes nothing',
  needs,
  writes: true,
  input: 'body',
  skus,
  leftOut,
  prepare: async (t) => {
    const created = await createV2Shipment(t);
    return { id: created.body.id, last: created.body };
  },
  send: (t, body, record, unjudged) => t.v2.put('/restocking_shipments/{id}', { path: { id: record.id }, body, unjudged }),
  // The update replaces the resource (§4.2): the items sent are the items, no more.
  kept: { absentJudged: true, update: false, exempt },
  read: (t, _answer, record) => readShipment(t, 'v2', record.id, record),
  refused: async (t, _body, record) => unchangedRecord(record, await readShipment(t, 'v2', record.id), 'v2 PUT /restocking_shipments/{id}'),
  refusalLegal: (_t, body) => (Object.keys(body as object).length === 0 ? 'an update of no property (§4.2 does not say it is taken)' : undefined),
};

/** v1 POST /restocking_shipments. */
export const v1RestockingCreate: GeneratedOperation = {
  id: 'v1.properties.generated.restocking-shipments-create',
  api: 'v1',
  operation: 'POST /restocking_shipments',
  section: '4.1',
  title: 'v1 POST /restocking_shipments with generated bodies: what the documents allow (numbers as digit strings, dates as date-times) is accepted and reads back, what they forbid is refused with 400 or 422 and leaves no shipment',
  needs,
  writes: true,
  input: 'body',
  skus,
  leftOut,
  alwaysSent: v1Sent,
  bind: (t, input) => withUniqueId(t, input, 'po_number', 'po'),
  send: async (t, body, _prepared, unjudged) => {
    const answer = await t.v1.post('/restocking_shipments', { body, unjudged });
    cancelCreated(t, 'restocking_shipments', answer);
    return answer;
  },
  // v1 shows its item fields only in requests (§2.3): an answer that leaves one out is not judged.
  kept: { absentJudged: false, update: false, exempt },
  read: readCreated('v1'),
  refused: (t, body) => noShipmentLeftBehind(t, body),
};

/** v1 PUT /restocking_shipments/{id}, on a shipment of the run in status shipped. */
export const v1RestockingUpdate: GeneratedOperation<UpdatedRecord> = {
  id: 'v1.properties.generated.restocking-shipments-update',
  api: 'v1',
  operation: 'PUT /restocking_shipments/{id}',
  section: '4.1',
  title: 'v1 PUT /restocking_shipments/{id} with generated bodies: what the documents allow is accepted and reads back, what they forbid is refused with 400 or 422 and changes nothing',
  needs,
  writes: true,
  input: 'body',
  skus,
  leftOut,
  prepare: async (t) => {
    const created = await t.v1.post('/restocking_shipments', { body: v1RestockingBody(t), premise: true });
    t.expectStatus(created, 201, 'v1 POST /restocking_shipments answers 201 with the shipment (§4.1)');
    cancelCreated(t, 'restocking_shipments', created);
    return { id: created.body.id, last: created.body };
  },
  send: (t, body, record, unjudged) => t.v1.put('/restocking_shipments/{id}', { path: { id: record.id }, body, unjudged }),
  // Whether a v1 null keeps or clears a restocking property is not stated: an update's nulls are not judged.
  kept: { absentJudged: false, update: true, exempt },
  read: (t, _answer, record) => readShipment(t, 'v1', record.id, record),
  refused: async (t, _body, record) => unchangedRecord(record, await readShipment(t, 'v1', record.id), 'v1 PUT /restocking_shipments/{id}'),
};
