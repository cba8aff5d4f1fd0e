// Builders for restocking shipments the run creates (§2.3, §4.1, §4.2), and the lookups around them.
import type { Answer, ApiResponse, CheckContext, ListedOf } from '../../src/checks/index.js';
import { dateInDays } from './dates.js';
import { digitsAsNumber } from './digits.js';
import { recordId, sharedList } from './scope.js';
import { merchantText } from './text.js';
import { cancelAtEnd } from './cancel.js';

/** The statuses in which PUT /restocking_shipments/{id} is allowed (§3.1). */
export const editableStatuses: readonly string[] = ['created', 'shipped'];

/**
 * The lock of the checks that update listed restocking shipments in a status that permits no update
 * (src/checks/types.ts `locks`): a refused update changes nothing, yet under a defect it does, and
 * another such check running at the same time must not take that change for its own finding.
 */
export const NOT_EDITABLE_SHIPMENTS = 'restocking shipments not editable';

/** A v1 POST /restocking_shipments body on the profile's warehouse and SKU, marked with the run's ids. */
export function v1RestockingBody(t: CheckContext): Record<string, unknown> {
  return {
    warehouse_id: t.fixtures.warehouseId,
    estimated_arrival_date: dateInDays(14),
    delivery_option: 'courier',
    tracking_code: t.uniqueId('tracking'),
    po_number: t.uniqueId('po'),
    supplier_name: `${t.marker}-${merchantText.supplier}`,
    restocking_shipment_items: [{ sku_id: t.fixtures.sku?.id, announced_quantity: 5 }],
  };
}

/** A v2 POST /restocking_shipments body with every required property (§4.2), marked with the run's ids. */
export function v2RestockingBody(t: CheckContext): Record<string, unknown> {
  return {
    delivery_option: 'courier',
    estimated_arrival_date: dateInDays(14),
    warehouse_id: t.fixtures.warehouseId,
    restocking_shipment_items: [{ sku_id: t.fixtures.sku?.id, announced_quantity: 5 }],
    po_number: t.uniqueId('po'),
    supplier_name: `${t.marker}-${merchantText.supplier}`,
    tracking_code: t.uniqueId('tracking'),
  };
}

/**
 * Fails unless a create the check meant to be invalid is refused with one of `statuses` (§7); a
 * shipment created anyway is cancelled.
 */
export function expectCreateRefused(t: CheckContext, answer: ApiResponse, statuses: number[], what: string): void {
  const id = recordId(answer.body);
  if (answer.status >= 200 && answer.status < 300 && id !== undefined) cancelAtEnd(t, 'restocking_shipments', id);
  t.expectStatus(answer, statuses, what);
}

/** Creates a v2 restocking shipment (201 required, §4.2), registers its cancellation and returns the answer. */
export async function createV2Shipment(t: CheckContext, body = v2RestockingBody(t)): Promise<Answer<'v2', 'POST /restocking_shipments'>> {
  const created = await t.v2.post('/restocking_shipments', { body });
  t.expectStatus(created, 201, 'v2 POST /restocking_shipments answers 201 with the shipment (§4.2)');
  cancelAtEnd(t, 'restocking_shipments', created.body.id);
  return created;
}

/**
 * The merchant's restocking shipments as the v2 list showed them when the run first asked (walked
 * once, in pages of 100: `sharedList`): what the checks that pick a shipment by its status, or read
 * one of each, choose from. A shipment's status may have moved since (`skipUnlessStillNotEditable`).
 */
export async function merchantShipments(t: CheckContext): Promise<Array<ListedOf<'v2', '/restocking_shipments'>>> {
  return await sharedList(t, 'primary', 'v2', '/restocking_shipments') as Array<ListedOf<'v2', '/restocking_shipments'>>;
}

/**
 * The first of `shipments` in each status that `keep` accepts, in list order. Statuses compare as
 * JSON, so a missing or odd one is a status of its own.
 */
export function oneOfEachStatus<S extends { status?: unknown }>(shipments: readonly S[], keep: (shipment: S) => boolean = () => true): S[] {
  const first = new Map<string, S>();
  for (const shipment of shipments) {
    const status = JSON.stringify(shipment.status ?? null);
    if (!first.has(status) && keep(shipment)) first.set(status, shipment);
  }
  return [...first.values()];
}

/**
 * Skips the check when a shipment `merchantShipments` listed outside created and shipped reads as one of
 * them now: the list was read earlier in the run, and which moves a shipment makes besides the API's
 * is not shown (§3.1), so an update is no longer sure to be refused.
 */
export function skipUnlessStillNotEditable(t: CheckContext, id: number, listed: unknown, now: unknown): void {
  if (typeof now === 'string' && editableStatuses.includes(now)) {
    t.skip(`restocking shipment ${id}, listed in status ${String(listed)}, now reads as ${now}, where an update is allowed (§3.1)`);
  }
}

/**
 * A shipment of the merchant whose current status is neither created nor shipped, found through the
 * v2 list; skips the check when the merchant has none.
 */
export async function findNotEditableShipment(t: CheckContext): Promise<ListedOf<'v2', '/restocking_shipments'>> {
  const found = (await merchantShipments(t)).find((s) => !editableStatuses.includes(s.status));
  if (!found) return t.skip('the v2 restocking list shows no shipment outside created and shipped, so the 422 cannot be provoked');
  return found;
}

/**
 * The sku_id and announced_quantity of each item: what the v1 and v2 shapes both show. Given as strings
 * of digits they are read as their numbers: their JSON type is vN.schema.restocking-shipment's rule.
 */
export function announcedItems(shipment: { restocking_shipment_items?: ReadonlyArray<{ sku_id?: unknown; announced_quantity?: unknown }> }): Array<{ sku_id: unknown; announced_quantity: unknown }> {
  return (shipment.restocking_shipment_items ?? []).map(({ sku_id, announced_quantity }) => ({ sku_id: digitsAsNumber(sku_id), announced_quantity: digitsAsNumber(announced_quantity) }));
}

/** The items as comparable `sku_id×announced_quantity` pairs, in a fixed order (the order of items in an answer is not stated). */
export function announcedPairs(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.map((item: { sku_id?: unknown; announced_quantity?: unknown }) => `${String(item.sku_id)}×${String(item.announced_quantity)}`).sort();
}

/**
 * What a refused update must leave as it was: what the update sent (tracking_code, the announced
 * items). Not the status or the arrived, damaged and missing quantities, which the warehouse changes
 * on its own once a shipment is received (§2.3); the announced items in a fixed order (not stated).
 */
export function updatableState(shipment: { tracking_code?: unknown; restocking_shipment_items?: ReadonlyArray<{ sku_id?: unknown; announced_quantity?: unknown }> }): { tracking_code: unknown; announced: string[] } {
  return {
    tracking_code: shipment.tracking_code,
    announced: announcedPairs(shipment.restocking_shipment_items),
  };
}
