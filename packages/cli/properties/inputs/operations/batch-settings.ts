// PUT /skus/{sku_id}/inventory_batch_settings with generated bodies (§2.5, §4.2), on the profile's batch
// SKU, whose settings are put back when the check ends. The two expiry fields are left out: a new value
// turns batch tracking on for the SKU, or is refused without batch tracking (§4.2), rules with checks of
// their own that the SKU's state must be left to.
import type { ApiResponse, CheckContext } from '../../../src/checks/index.js';
import type { SkuFixture } from '../../../src/profile/index.js';
import { readBatchSettings, restoreBatchSettingsAfterwards } from '../../../suites/support/batch-settings.js';
import type { GeneratedOperation } from '../operation.js';
import { unchangedRecord, type UpdatedRecord } from './records.js';

const generated = ['batch_priority', 'b2c_shelf_life_in_weeks', 'b2b_shelf_life_in_weeks', 'ito_shelf_life_in_weeks', 'kit_shelf_life_in_weeks'];

const skuId = (t: CheckContext) => (t.fixtures.batchSku as SkuFixture).id;

/** The settings as stored, through a write of no field (which a service may refuse: then none is read). */
async function readSettings(t: CheckContext, record: UpdatedRecord): Promise<ApiResponse | undefined> {
  const read = await t.v2.put('/skus/{sku_id}/inventory_batch_settings', { path: { sku_id: skuId(t) }, body: {}, validate: false });
  if (read.status < 200 || read.status >= 300) return undefined;
  record.last = read.body;
  return read;
}

/** v2 PUT /skus/{sku_id}/inventory_batch_settings. */
export const v2BatchSettingsPut: GeneratedOperation<UpdatedRecord> = {
  id: 'v2.properties.generated.batch-settings-put',
  api: 'v2',
  operation: 'PUT /skus/{sku_id}/inventory_batch_settings',
  section: '4.2',
  title: 'PUT /skus/{sku_id}/inventory_batch_settings with generated bodies: what the documents allow is accepted and reads back, what they forbid is refused with 400 or 422 and changes nothing',
  needs: ['fixtures.batchSku'],
  writes: true,
  input: 'body',
  leftOut: ['action_weeks_before_expiry', 'expiry_follow_up_action'],
  prepare: async (t) => {
    const stored = await readBatchSettings(t);
    const body = (stored.body ?? {}) as Record<string, unknown>;
    restoreBatchSettingsAfterwards(t, Object.fromEntries(generated.filter((name) => body[name] !== undefined).map((name) => [name, body[name]])));
    return { id: skuId(t), last: stored.body };
  },
  send: (t, body, _record, unjudged) => t.v2.put('/skus/{sku_id}/inventory_batch_settings', { path: { sku_id: skuId(t) }, body, unjudged }),
  kept: { absentJudged: true, update: false },
  read: (t, _answer, record) => readSettings(t, record),
  refused: async (t, _body, record) => {
    const read = await readSettings(t, { ...record });
    return read === undefined ? undefined : unchangedRecord(record, read, 'PUT /skus/{sku_id}/inventory_batch_settings');
  },
  refusalLegal: (_t, body) => (Object.keys(body as object).length === 0 ? 'a write of no field (§4.2 does not say it is taken)' : undefined),
};
