// Order-update merges (§4.1 rules 2 to 4, §9.5): generated sequences of PATCH and PUT updates applied
// to real orders the run created, the service's order compared with the model after every step.
import fc from 'fast-check';
import { check, isSkip } from '../src/checks/index.js';
import { mergeCommandsArb } from './order-arbitraries.js';
import { startingOrders, type MergeReal } from './order-commands.js';
import { baseAddress } from './orders.js';
import { assertProperty } from './support/property.js';

check({
  id: 'v1.properties.order-merge',
  api: 'v1',
  section: '4.1',
  title: 'v1 order updates: generated PATCH/PUT sequences keep omitted and null properties, merge the address, list cancelled lines and upsert by merchant_order_id',
  needs: ['fixtures.sku'],
  writes: true,
}, async (t) => {
  const real: MergeReal = { t, skuId: t.fixtures.sku!.id };
  // A premise that failed once (the service's answer to a create) fails every case alike: shrinking
  // goes on without sending anything, and the check skips naming it.
  let premise: unknown;
  await assertProperty(t, { id: 'v1.properties.order-merge', runs: 4 }, fc.asyncProperty(mergeCommandsArb, async (commands) => {
    if (premise !== undefined) throw premise;
    const model = await startingOrders(real, { ...baseAddress }).catch((error: unknown) => {
      if (isSkip(error)) premise = error;
      throw error;
    });
    await fc.asyncModelRun(() => ({ model, real }), commands);
  }));
});
