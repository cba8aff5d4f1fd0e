// mfc cleanup against the reference server over loopback: records carrying the marker are cancelled,
// others are left alone, a second run finds nothing, --dry-run writes nothing, writes need permission.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { createClient, unwrap, type Client } from '../../packages/api/src/client/index.js';
import { tempDir, writeProfile } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';
import { dateInDays } from '../../packages/cli/suites/support/dates.js';
import { fullAddress, orderFields, orderLine } from '../../packages/cli/suites/support/order-fields.js';

const marker = 'mfc-cleanuptest1';
// Shares marker's first characters: the "-" boundary keeps it out of marker's cleanup.
const otherMarker = 'mfc-cleanuptest10';

let server: RunningServer;
let client: Client<'v2'>;
let profilePath: string;

async function createOrder(merchantOrderId: string, runMarker: string): Promise<number> {
  const { fixtures } = server.profile;
  const items = [orderLine('line-1', fixtures.sku!.id)];
  const body = { merchant_order_id: merchantOrderId, sales_channel_id: fixtures.salesChannelId, items, shipping_address: fullAddress(), ...orderFields(runMarker, `${merchantOrderId}-customer`, items) };
  return unwrap(await client.POST('/orders', { body: body as never })).id;
}

async function createShipment(runMarker: string): Promise<number> {
  const { fixtures } = server.profile;
  const body = {
    delivery_option: 'courier' as const,
    estimated_arrival_date: dateInDays(14),
    warehouse_id: fixtures.warehouseId!,
    restocking_shipment_items: [{ sku_id: fixtures.sku!.id, announced_quantity: 5 }],
    po_number: `${runMarker}-po-1`,
    supplier_name: runMarker,
    tracking_code: `${runMarker}-tracking-1`,
  };
  return unwrap(await client.POST('/restocking_shipments', { body })).id;
}

const orderStatus = async (id: number): Promise<string> => unwrap(await client.GET('/orders/{id}', { params: { path: { id } } })).fulfillment_status;
const shipmentStatus = async (id: number): Promise<string> => unwrap(await client.GET('/restocking_shipments/{id}', { params: { path: { id } } })).status;

describe('mfc cleanup', () => {
  const ids = { order: 0, shipment: 0, otherOrder: 0, otherShipment: 0 };

  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0, rateLimit: 10000 });
    client = createClient({ baseUrl: server.url, token: server.profile.tokens.primary, version: 'v2' });
    profilePath = writeProfile(server.profile);
    ids.order = await createOrder(`${marker}-order-1`, marker);
    ids.shipment = await createShipment(marker);
    ids.otherOrder = await createOrder(`${otherMarker}-order-1`, otherMarker);
    ids.otherShipment = await createShipment(otherMarker);
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('refuses without allowWrites: true in the profile (exit 2), before any cancel', async () => {
    const readOnly = writeProfile({ ...server.profile, allowWrites: false });
    const result = await runCli(['cleanup', '--profile', readOnly, '--marker', marker]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/does not set allowWrites: true.*--dry-run/);
    expect(await orderStatus(ids.order)).toBe('waiting_for_picking');
  });

  it('refuses in production without --allow-production-writes (exit 2)', async () => {
    const production = writeProfile({ ...server.profile, environment: 'production' });
    const result = await runCli(['cleanup', '--profile', production, '--marker', marker]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--allow-production-writes');
    expect(result.stdout).toBe('');
  });

  it.each([
    ['a bare prefix', ['--marker', 'mfc-'], /--marker expected a run marker/],
    ['no marker and no report', [], /needs --marker M/],
    ['an unknown flag', ['--marker', marker, '--force'], /unknown or malformed flag --force/],
  ])('is a usage error (exit 2) with %s', async (_name, args, want) => {
    const result = await runCli(['cleanup', '--profile', profilePath, ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(want);
  });

  it('--dry-run lists what it would cancel and changes nothing', async () => {
    const result = await runCli(['cleanup', '--profile', profilePath, '--marker', marker, '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`order +${ids.order}  merchant_order_id=${marker}-order-1  would cancel \\(was waiting_for_picking\\)`));
    expect(result.stdout).toMatch(new RegExp(`restocking_shipment +${ids.shipment}  po_number=${marker}-po-1  would cancel \\(was shipped\\)`));
    expect(result.stdout).toContain('2 would be cancelled');
    expect(result.stdout).toContain('dry run: nothing was written');
    expect(await orderStatus(ids.order)).toBe('waiting_for_picking');
    expect(await shipmentStatus(ids.shipment)).toBe('shipped');
  });

  it("cancels the marker's order and restocking shipment and leaves the other marker's records alone", async () => {
    const result = await runCli(['cleanup', '--profile', profilePath, '--marker', marker]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`order +${ids.order}  merchant_order_id=${marker}-order-1  cancelled`));
    expect(result.stdout).toMatch(new RegExp(`restocking_shipment +${ids.shipment}  po_number=${marker}-po-1  cancelled`));
    expect(result.stdout).toContain(`2 record(s) of marker ${marker}: 2 cancelled, 0 already cancelled, 0 left, 0 failed`);
    expect(result.stdout).not.toContain(otherMarker);
    expect(result.stdout).not.toContain(server.profile.tokens.primary);
    expect(await orderStatus(ids.order)).toBe('cancelled');
    expect(await shipmentStatus(ids.shipment)).toBe('cancelled');
    expect(await orderStatus(ids.otherOrder)).toBe('waiting_for_picking');
    expect(await shipmentStatus(ids.otherShipment)).toBe('shipped');
  });

  it('finds nothing left to cancel the second time (exit 0, says so)', async () => {
    const result = await runCli(['cleanup', '--profile', profilePath, '--marker', marker]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/already cancelled[\s\S]*already cancelled/);
    expect(result.stdout).toContain('0 cancelled, 2 already cancelled, 0 left, 0 failed — nothing to cancel');
  });

  it('says so when no record carries the marker', async () => {
    const result = await runCli(['cleanup', '--profile', profilePath, '--marker', 'mfc-nosuchrun']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/nothing to cancel: no record carries marker mfc-nosuchrun \(looked through \d+ orders, \d+ restocking shipments\)/);
  });

  it("--report takes the run's marker and the ids of run.created; a SKU is deleted, a batch is left with the reason", async () => {
    const reportMarker = 'mfc-cleanuptest3';
    const order = await createOrder(`${reportMarker}-order-1`, reportMarker);
    const batchSku = server.profile.fixtures.batchSku!;
    const batch = unwrap(await client.POST('/skus/{sku_id}/inventory_batches', {
      params: { path: { sku_id: batchSku.id } },
      body: { lot_number: `${reportMarker}-lot-1`, production_date: dateInDays(-30), expiry_date: dateInDays(730) },
    }));
    const v1 = createClient({ baseUrl: server.url, token: server.profile.tokens.primary, version: 'v1' });
    const sku = await v1.POST('/skus', { body: { merchant_sku_id: `${reportMarker}-sku-1`, name: 'cleanup' } as never });
    await v1.close();
    const skuId = String((sku as { data?: { id?: unknown } }).data?.id);
    const reportPath = join(tempDir(), 'report.json');
    const created = [
      { api: 'v2', kind: 'orders', id: String(order), checkId: 'v2.orders.create' },
      { api: 'v2', kind: 'inventory_batches', id: String(batch.id), checkId: 'v2.inventory-batches.create' },
      { api: 'v1', kind: 'skus', id: skuId, checkId: 'v1.skus.create' },
    ];
    writeFileSync(reportPath, JSON.stringify({ summary: { passed: 2, failed: 0, skipped: 0 }, checks: [], run: { marker: reportMarker, seed: 1, created } }));
    const result = await runCli(['cleanup', '--profile', profilePath, '--report', reportPath]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`marker ${reportMarker}`);
    expect(result.stdout).toMatch(new RegExp(`inventory_batch +${batch.id}  \\(named by the report\\)  left: no cancel or delete operation in the specification`));
    expect(result.stdout).toMatch(new RegExp(`order +${order}  merchant_order_id=${reportMarker}-order-1  cancelled`));
    expect(result.stdout).toMatch(new RegExp(`sku +${skuId}  \\(named by the report\\)  deleted`));
    expect(result.stdout).toContain('1 deleted,');
    expect(await orderStatus(order)).toBe('cancelled');
    const mismatch = await runCli(['cleanup', '--profile', profilePath, '--report', reportPath, '--marker', marker]);
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain('is not the marker of --report');
  });

  it('--dry-run reads each record as a real cleanup does: a SKU reading deleted is "already deleted", a cancelled order "already cancelled", and the counts say so; the cleanup after it agrees', async () => {
    const reportMarker = 'mfc-cleanuptest5';
    const v1 = createClient({ baseUrl: server.url, token: server.profile.tokens.primary, version: 'v1' });
    const skuOf = async (n: number): Promise<string> => String(((await v1.POST('/skus', { body: { merchant_sku_id: `${reportMarker}-sku-${n}`, name: 'cleanup' } as never })) as { data?: { id?: unknown } }).data?.id);
    const deletedSku = await skuOf(1);
    const activeSku = await skuOf(2);
    expect((await v1.DELETE('/skus/{id}', { params: { path: { id: Number(deletedSku) } } })).status).toBe(200);
    await v1.close();
    const order = await createOrder(`${reportMarker}-order-1`, reportMarker);
    unwrap(await client.PUT('/orders/{id}/cancel', { params: { path: { id: order } } }));
    // An id the target does not know: its status cannot be read, so it is treated as a real cleanup would delete it.
    const unknownSku = '999999';
    const created = [
      { api: 'v1', kind: 'skus', id: deletedSku, checkId: 'v1.skus.delete.status-deleted' },
      { api: 'v1', kind: 'skus', id: activeSku, checkId: 'v1.skus.create' },
      { api: 'v1', kind: 'skus', id: unknownSku, checkId: 'v1.skus.create' },
      { api: 'v2', kind: 'orders', id: String(order), checkId: 'v2.orders.cancel.cancelled' },
    ];
    const reportPath = join(tempDir(), 'report.json');
    writeFileSync(reportPath, JSON.stringify({ summary: { passed: 4, failed: 0, skipped: 0 }, checks: [], run: { marker: reportMarker, seed: 1, created } }));

    const dry = await runCli(['cleanup', '--profile', profilePath, '--report', reportPath, '--dry-run']);
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`sku +${deletedSku}  \\(named by the report\\)  already deleted \\(status deleted`));
    expect(dry.stdout).toMatch(new RegExp(`sku +${activeSku}  \\(named by the report\\)  would delete \\(DELETE /skus/\\{id\\}\\) \\(was active\\)`));
    expect(dry.stdout).toMatch(new RegExp(`sku +${unknownSku}  \\(named by the report\\)  would delete \\(DELETE /skus/\\{id\\}\\) \\(status not read: v2 GET /skus/${unknownSku} answered 404\\)`));
    expect(dry.stdout).toMatch(new RegExp(`order +${order}  merchant_order_id=${reportMarker}-order-1  already cancelled`));
    expect(dry.stdout).toContain(`4 record(s) of marker ${reportMarker}: 0 would be cancelled, 2 would be deleted, 1 already cancelled, 1 already deleted, 0 left, 0 failed (dry run: nothing was written)`);

    const real = await runCli(['cleanup', '--profile', profilePath, '--report', reportPath]);
    expect(real.stdout).toMatch(new RegExp(`sku +${deletedSku}  \\(named by the report\\)  already deleted`));
    expect(real.stdout).toMatch(new RegExp(`sku +${activeSku}  \\(named by the report\\)  deleted \\(DELETE /skus/\\{id\\}: status deleted, §2\\.6\\) \\(was active\\)`));
    expect(real.stdout).toMatch(new RegExp(`sku +${unknownSku}  \\(named by the report\\)  left: DELETE /skus/\\{id\\} answered 404`));
    expect(real.stdout).toContain(`4 record(s) of marker ${reportMarker}: 0 cancelled, 1 deleted, 1 already cancelled, 1 already deleted, 1 left, 0 failed`);
    expect(real.code).toBe(0);
    const again = await runCli(['cleanup', '--profile', profilePath, '--report', reportPath, '--dry-run']);
    expect(again.stdout).toContain('0 would be cancelled, 1 would be deleted, 1 already cancelled, 2 already deleted, 0 left, 0 failed');
  });

  it('cleans up as the other merchant too: its marked order is cancelled, the SKU the report lists as its own is deleted with its token', async () => {
    const otherMarker = 'mfc-cleanuptest4';
    const { otherMerchant } = server.profile.fixtures;
    const asOther = { baseUrl: server.url, token: server.profile.tokens.otherMerchant! };
    const v2 = createClient({ ...asOther, version: 'v2' });
    const v1 = createClient({ ...asOther, version: 'v1' });
    const items = [orderLine('line-1', otherMerchant!.sku.id)];
    const body = { merchant_order_id: `${otherMarker}-order-1`, sales_channel_id: otherMerchant!.salesChannelId, items, shipping_address: fullAddress(), ...orderFields(otherMarker, 'c', items) };
    const order = unwrap(await v2.POST('/orders', { body: body as never })).id;
    const sku = await v1.POST('/skus', { body: { merchant_sku_id: `${otherMarker}-sku-1`, name: 'cleanup' } as never });
    const skuId = String((sku as { data?: { id?: unknown } }).data?.id);
    const reportPath = join(tempDir(), 'report.json');
    const created = [{ api: 'v1', kind: 'skus', id: skuId, checkId: 'v1.skus.create', token: 'otherMerchant' }];
    writeFileSync(reportPath, JSON.stringify({ summary: { passed: 1, failed: 0, skipped: 0 }, checks: [], run: { marker: otherMarker, seed: 1, created } }));
    try {
      const result = await runCli(['cleanup', '--profile', profilePath, '--report', reportPath]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const [asPrimary, asOtherMerchant] = result.stdout.split('records made as tokens.otherMerchant:\n');
      // The primary sees neither record: its pass finds nothing and does not try the other merchant's SKU.
      expect(asPrimary).toContain(`nothing to cancel: no record carries marker ${otherMarker}`);
      expect(asOtherMerchant).toMatch(new RegExp(`order +${order}  merchant_order_id=${otherMarker}-order-1  cancelled`));
      expect(asOtherMerchant).toMatch(new RegExp(`sku +${skuId}  \\(named by the report\\)  deleted`));
      expect(unwrap(await v2.GET('/orders/{id}', { params: { path: { id: order } } })).fulfillment_status).toBe('cancelled');
      expect(result.stdout).not.toContain(server.profile.tokens.otherMerchant!);
    } finally {
      await v2.close();
      await v1.close();
    }
  });
});

describe('mfc cleanup against a target that refuses the cancel', () => {
  it('reports "could not be cancelled: <reason>" and exits 1', async () => {
    const refusing = await startServer({ host: '127.0.0.1', port: 0, rateLimit: 10000, variants: ['orders-cancel-not-waiting-for-picking'] });
    const refusingClient = createClient({ baseUrl: refusing.url, token: refusing.profile.tokens.primary, version: 'v2' });
    try {
      const { fixtures } = refusing.profile;
      const items = [orderLine('line-1', fixtures.sku!.id)];
      const body = { merchant_order_id: `${marker}-order-1`, sales_channel_id: fixtures.salesChannelId, items, shipping_address: fullAddress(), ...orderFields(marker, 'c-1', items) };
      const id = unwrap(await refusingClient.POST('/orders', { body: body as never })).id;
      const result = await runCli(['cleanup', '--profile', writeProfile(refusing.profile), '--marker', marker]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(new RegExp(`order +${id}  merchant_order_id=${marker}-order-1  could not be cancelled: fulfillment_status: an order in status waiting_for_picking cannot be cancelled`));
      expect(result.stdout).toContain('0 cancelled, 0 already cancelled, 0 left, 1 failed');
    } finally {
      await refusingClient.close();
      await refusing.close();
    }
  });
});
