import { MfcError } from '@mfc-conformance/api/errors';
import type { MerchantFixtures, SkuFixture, TargetProfile } from '../profile/index.js';
import { preflight, REACHABILITY_CHECK_ID, TOKEN_CHECK_PREFIX } from '../runner/preflight.js';
import { idOf, records, type ApiVersion, type Reading, type TargetReader } from './reader.js';

/** A value read from the target, with the request it came from (a profile comment quotes it). */
export interface Found<T> {
  value: T;
  /** `GET /merchant_api/v1/orders?limit=100`, and whatever confirmed it. */
  source: string;
  /** Something the user should know about it (several candidates, not confirmed). */
  note?: string;
}

/** What `mfc init` learned about the primary token's side of the target. */
export interface PrimaryDiscovery {
  salesChannelId?: Found<number>;
  warehouseId?: Found<number>;
  sku?: Found<SkuFixture>;
  /** Warehouse ids of the merchant (v1 warehouses are merchant-scoped, §1): evidence of the merchant. */
  warehouses?: number[];
  merchant: MerchantEvidence;
  /** Why a version could not be used with the primary token (v2 absent, say); the target still works on the other. */
  versionProblems: Partial<Record<ApiVersion, string>>;
}

/** What a token shows about its merchant: its restocking shipments' merchant_id and its warehouses (§1: both merchant-scoped). */
export interface MerchantEvidence {
  merchantId?: Found<number>;
  warehouses?: number[];
  /** Ids of restocking shipments v2 lists for it. */
  restocking?: number[];
}

/** Where a value came from, as a sentence part: `given with --sku-id, …` or `from GET /merchant_api/v1/warehouses`. */
export function origin(found: Found<unknown>): string {
  return found.source.startsWith('given ') ? found.source : `from ${found.source}`;
}

/** The target cannot be used with the primary token: unreachable, not the API, the token refused, or the rate limit. */
export class TargetError extends MfcError {
  readonly code: string = 'MFC_INIT_TARGET';
  readonly exitCode = 1;
  override name = 'TargetError';
}

/** A value given with a flag that the target shows to be wrong (a deleted SKU, another merchant's warehouse), or that needs another flag beside it. */
export class GivenFixtureError extends TargetError {
  override readonly code = 'MFC_INIT_GIVEN';
  override name = 'GivenFixtureError';
}

/** A SKU given with flags: its id, and its code when the target cannot show it. */
export interface GivenSku {
  id: number;
  code?: string;
}

/** What a server that starts empty cannot show, given with flags instead of discovered. */
export interface GivenFixtures {
  salesChannelId?: number;
  warehouseId?: number;
  sku?: GivenSku;
}

/** The flags that give one token's fixtures: messages name them. */
export interface FixtureFlags {
  salesChannelId: string;
  warehouseId: string;
  skuId: string;
  skuCode: string;
}

/** The primary token's fixture flags. */
export const primaryFlags: FixtureFlags = { salesChannelId: '--sales-channel-id', warehouseId: '--warehouse-id', skuId: '--sku-id', skuCode: '--sku-code' };

/** `tokens.otherMerchant`'s fixture flags (`fixtures.otherMerchant`). */
export const otherMerchantFlags: FixtureFlags = {
  salesChannelId: '--other-merchant-sales-channel-id', warehouseId: '--other-merchant-warehouse-id', skuId: '--other-merchant-sku-id', skuCode: '--other-merchant-sku-code',
};

const ORDERS_PAGE = '/orders?limit=100';

/** The sales channel ids a list's records name, most frequent first. */
function channelsOf(list: Record<string, unknown>[]): number[] {
  const counts = new Map<number, number>();
  for (const record of list) {
    const id = idOf(record.sales_channel_id);
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/** The SKUs order items name (sku_id with sku_code, §2.1), most frequent first; the item's code when it has one. */
export function skusOfOrders(orders: Record<string, unknown>[]): Array<{ id: number; sku_code?: string }> {
  const seen = new Map<number, { id: number; sku_code?: string; count: number }>();
  for (const order of orders) {
    const items = Array.isArray(order.items) ? order.items : [];
    for (const item of items as Array<Record<string, unknown> | null>) {
      const id = idOf(item?.sku_id);
      if (id === undefined) continue;
      const code = typeof item?.sku_code === 'string' && item.sku_code !== '' ? item.sku_code : undefined;
      const entry = seen.get(id) ?? { id, count: 0 };
      entry.count += 1;
      if (entry.sku_code === undefined && code !== undefined) entry.sku_code = code;
      seen.set(id, entry);
    }
  }
  return [...seen.values()].sort((a, b) => b.count - a.count).map(({ id, sku_code }) => (sku_code === undefined ? { id } : { id, sku_code }));
}

/**
 * Picks an active SKU among candidates: `GET /skus/{id}` (which the target may not serve; §4.1 names
 * the SKU routes but shows no read) confirms its status and supplies a missing code. A deleted SKU is
 * passed over; an unconfirmed candidate with a code is taken, saying so.
 */
export async function activeSku(reader: TargetReader, token: string, candidates: Array<{ id: number; sku_code?: string }>, source: string): Promise<Found<SkuFixture> | undefined> {
  let unconfirmed: Found<SkuFixture> | undefined;
  for (const candidate of candidates.slice(0, 3)) {
    const read = await reader.get('v1', `/skus/${candidate.id}`, token);
    const sku = read.status === 200 && read.body !== null && typeof read.body === 'object' ? (read.body as Record<string, unknown>) : undefined;
    const code = candidate.sku_code ?? (typeof sku?.merchant_sku_id === 'string' && sku.merchant_sku_id !== '' ? sku.merchant_sku_id : undefined);
    if (code === undefined) continue;
    if (sku?.status === 'active') return { value: { id: candidate.id, sku_code: code }, source: `${source}; active per ${read.source}` };
    if (sku === undefined && unconfirmed === undefined) {
      unconfirmed = { value: { id: candidate.id, sku_code: code }, source, note: `not confirmed active: ${read.source} answered ${read.status ?? read.error}` };
    }
  }
  return unconfirmed;
}

/**
 * A SKU given with `--sku-id` (or another SKU flag): `GET /skus/{id}` supplies a code not given and
 * confirms it active where the target serves it (§4.1 names the SKU routes but shows no read). A SKU
 * the read shows deleted, or one whose code neither the flags nor the read give, is a `GivenFixtureError`.
 */
export async function givenSku(reader: TargetReader, token: string, given: GivenSku, flags: { id: string; code: string }): Promise<Found<SkuFixture>> {
  const read = await reader.get('v1', `/skus/${given.id}`, token);
  const sku = read.status === 200 && read.body !== null && typeof read.body === 'object' ? (read.body as Record<string, unknown>) : undefined;
  const answered = read.status === undefined ? `got no answer (${read.error})` : `answered ${read.status}`;
  if (sku?.status === 'deleted') throw new GivenFixtureError(`${flags.id} ${given.id}: ${read.source} shows it deleted (§2.6); the checks need an active SKU`);
  const code = given.code ?? (typeof sku?.merchant_sku_id === 'string' && sku.merchant_sku_id !== '' ? sku.merchant_sku_id : undefined);
  if (code === undefined) throw new GivenFixtureError(`${flags.id} ${given.id}: its code cannot be read (${read.source} ${answered}); give it with ${flags.code} CODE as well`);
  const source = `given with ${flags.id}${given.code === undefined ? `, its code from ${read.source}` : ` and ${flags.code}`}${sku?.status === 'active' ? `; active per ${read.source}` : ''}`;
  return { value: { id: given.id, sku_code: code }, source, ...(sku === undefined ? { note: `not confirmed: ${read.source} ${answered}` } : {}) };
}

/** A warehouse given with `--warehouse-id` (or the other merchant's flag): one the merchant's warehouse list does not hold is a `GivenFixtureError`. */
function givenWarehouse(warehouses: Reading, id: number, flag: string): Found<number> {
  const listed = records(warehouses).map((record) => idOf(record.id)).filter((listedId): listedId is number => listedId !== undefined);
  if (listed.length > 0 && !listed.includes(id)) throw new GivenFixtureError(`${flag} ${id} is not one of the merchant's warehouses (${listed.join(', ')}, per ${warehouses.source})`);
  return { value: id, source: `given with ${flag}${listed.includes(id) ? `; listed by ${warehouses.source}` : ''}` };
}

/** The merchant a token shows: its warehouses, the restocking shipments v2 lists for it and their merchant_id (v1 shape, §2.3). */
export async function merchantEvidence(reader: TargetReader, token: string, warehouses?: Reading): Promise<MerchantEvidence> {
  const evidence: MerchantEvidence = {};
  const warehouseList = warehouses ?? (await reader.get('v1', '/warehouses', token));
  const warehouseIds = records(warehouseList).map((record) => idOf(record.id)).filter((id): id is number => id !== undefined);
  if (warehouseList.status === 200) evidence.warehouses = warehouseIds;
  const restocking = await reader.get('v2', '/restocking_shipments?limit=20', token);
  if (restocking.status === 200) evidence.restocking = records(restocking).map((record) => idOf(record.id)).filter((id): id is number => id !== undefined);
  const first = evidence.restocking?.[0];
  if (first !== undefined) {
    const shipment = await reader.get('v1', `/restocking_shipments/${first}`, token);
    const merchantId = shipment.status === 200 ? idOf((shipment.body as { merchant_id?: unknown } | null)?.merchant_id) : undefined;
    if (merchantId !== undefined) evidence.merchantId = { value: merchantId, source: shipment.source };
  }
  return evidence;
}

/** Why the preflight stopped, as one line that names the token's variable and never its value. */
function targetProblem(outcome: Awaited<ReturnType<typeof preflight>>, tokenName: string): string {
  const failure = outcome.failures[0];
  const received = failure?.failure?.received ?? outcome.stop ?? 'no answer';
  if (failure?.id === `${TOKEN_CHECK_PREFIX}primary`) return `the token in ${tokenName} was refused: ${received}`;
  // The preflight's titles speak of a run ("no check ran"); here nothing was going to run.
  if (failure?.id === REACHABILITY_CHECK_ID) return `${(failure.failure?.title ?? 'The target cannot be reached').replace(/; no check ran$/, '')}: ${received}`;
  return received;
}

/**
 * Proves the base URL and the primary token with the run's own preflight (v1 must work; a v2 problem
 * is noted), then reads the token's sales channel from its orders (else its shipments), the
 * merchant's warehouses and an active SKU from the orders' items (else from the channel's v2 orders);
 * what `given` holds is taken instead, confirmed where the target can. Throws `TargetError` when the
 * target cannot be used at all, `GivenFixtureError` when it shows a given value wrong.
 */
export async function discoverPrimary(reader: TargetReader, baseUrl: string, token: string, tokenName: string, given: GivenFixtures = {}, flags: FixtureFlags = primaryFlags): Promise<PrimaryDiscovery> {
  const bare: TargetProfile = { baseUrl, environment: 'staging', tokens: { primary: token }, fixtures: {} as TargetProfile['fixtures'] };
  const client = { http: reader.http, rateLimitStop: () => reader.rateLimitStop() };
  const v1 = await preflight(client, bare, ['v1']);
  if (v1.stop !== undefined) throw new TargetError(targetProblem(v1, tokenName));
  const discovery: PrimaryDiscovery = { merchant: {}, versionProblems: {} };
  const v2 = await preflight(client, bare, ['v2']);
  if (v2.stop !== undefined) discovery.versionProblems.v2 = targetProblem(v2, tokenName);

  const orders = await reader.get('v1', ORDERS_PAGE, token);
  let channels = channelsOf(records(orders));
  let channelSource = orders.source;
  if (channels.length === 0) {
    const shipments = await reader.get('v1', '/shipments?limit=100', token);
    channels = channelsOf(records(shipments));
    channelSource = shipments.source;
  }
  const channel = given.salesChannelId ?? channels[0];
  if (given.salesChannelId !== undefined) discovery.salesChannelId = { value: given.salesChannelId, source: `given with ${flags.salesChannelId}` };
  else if (channel !== undefined) {
    discovery.salesChannelId = {
      value: channel,
      source: `${channelSource} (sales_channel_id)`,
      ...(channels.length > 1 ? { note: `the v1 list showed several channels (${channels.join(', ')}), though a v1 token is bound to one (§1); the most frequent is taken` } : {}),
    };
  }

  const warehouses = await reader.get('v1', '/warehouses', token);
  const warehouseIds = records(warehouses).map((record) => idOf(record.id)).filter((id): id is number => id !== undefined);
  if (given.warehouseId !== undefined) discovery.warehouseId = givenWarehouse(warehouses, given.warehouseId, flags.warehouseId);
  else if (warehouseIds[0] !== undefined) {
    discovery.warehouseId = {
      value: warehouseIds[0],
      source: warehouses.source,
      ...(warehouseIds.length > 1 ? { note: `the merchant has ${warehouseIds.length} warehouses (${warehouseIds.join(', ')}); the first is taken` } : {}),
    };
  }
  discovery.merchant = await merchantEvidence(reader, token, warehouses);

  if (given.sku !== undefined) {
    discovery.sku = await givenSku(reader, token, given.sku, { id: flags.skuId, code: flags.skuCode });
    return discovery;
  }
  let candidates = skusOfOrders(records(orders));
  let skuSource = `${orders.source} (items' sku_id, sku_code)`;
  if (candidates.length === 0 && channel !== undefined && discovery.versionProblems.v2 === undefined) {
    const merchantOrders = await reader.get('v2', ORDERS_PAGE, token);
    candidates = skusOfOrders(records(merchantOrders).filter((order) => idOf(order.sales_channel_id) === channel));
    skuSource = `${merchantOrders.source} (items of sales channel ${channel})`;
  }
  const sku = await activeSku(reader, token, candidates, skuSource);
  if (sku) discovery.sku = sku;
  return discovery;
}

/**
 * The other merchant's own sales channel, warehouse and active SKU (`fixtures.otherMerchant`), read
 * with its token as `discoverPrimary` reads the primary's; or, in one line, why they could not be.
 */
export async function discoverOtherMerchant(reader: TargetReader, baseUrl: string, token: { env: string; value: string }, given: GivenFixtures = {}): Promise<Found<MerchantFixtures> | { missing: string }> {
  let found: PrimaryDiscovery;
  try {
    found = await discoverPrimary(reader, baseUrl, token.value, token.env, given, otherMerchantFlags);
  } catch (error) {
    // A value the user gave that the target refutes stops init; a target that will not answer this token only leaves the fixture out.
    if (error instanceof TargetError && !(error instanceof GivenFixtureError)) return { missing: error.message };
    throw error;
  }
  const { salesChannelId, warehouseId, sku } = found;
  if (!salesChannelId || !warehouseId || !sku) {
    const lacking = [
      !salesChannelId && `its sales channel (no v1 order or shipment shows one: give ${otherMerchantFlags.salesChannelId} N)`,
      !warehouseId && `a warehouse (GET /merchant_api/v1/warehouses listed none: give ${otherMerchantFlags.warehouseId} N)`,
      !sku && `an active SKU (no order of the channel names one: give ${otherMerchantFlags.skuId} N)`,
    ].filter(Boolean);
    return { missing: `with tokens.otherMerchant, ${lacking.join(', ')} could not be read` };
  }
  return {
    value: { salesChannelId: salesChannelId.value, warehouseId: warehouseId.value, sku: sku.value },
    source: `its channel ${origin(salesChannelId)}; its warehouse ${origin(warehouseId)}; its SKU ${origin(sku)}`,
  };
}
