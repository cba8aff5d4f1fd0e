// What cleanup settles on per record before any write (§3.1, §3.2), and which values carry a marker.
import { describe, expect, it } from 'vitest';
import { carriesMarker, decide, markerProblem } from '../../packages/cli/src/cleanup/index.js';
import type { FoundRecord } from '../../packages/cli/src/cleanup/index.js';

const record = (kind: string, status?: string, id = '7'): FoundRecord => ({ kind, id, source: 'list', ...(status === undefined ? {} : { status }) });

describe('decide', () => {
  const cases: Array<[string, { given: FoundRecord; want: string }]> = [
    ['an order waiting for picking is cancelled', { given: record('order', 'waiting_for_picking'), want: 'cancel' }],
    ['a partially shipped order is tried: the target decides (§3.2 does not show which states permit it)', { given: record('order', 'partially_shipped'), want: 'cancel' }],
    ['an order without a status is tried', { given: record('order'), want: 'cancel' }],
    ['a cancelled order is already cancelled', { given: record('order', 'cancelled'), want: 'already-cancelled' }],
    ['a shipped order is left', { given: record('order', 'shipped'), want: 'left' }],
    ['an ignored order is left', { given: record('order', 'ignored'), want: 'left' }],
    ['a created restocking shipment is cancelled', { given: record('restocking_shipment', 'created'), want: 'cancel' }],
    ['a shipped restocking shipment is cancelled', { given: record('restocking_shipment', 'shipped'), want: 'cancel' }],
    ['a received restocking shipment is left', { given: record('restocking_shipment', 'received'), want: 'left' }],
    ['a cancelled restocking shipment is already cancelled', { given: record('restocking_shipment', 'cancelled'), want: 'already-cancelled' }],
    ['an inventory batch is left: no cancel operation', { given: record('inventory_batch', 'active'), want: 'left' }],
    ['a SKU reading deleted is already deleted (§2.6)', { given: record('sku', 'deleted'), want: 'already-deleted' }],
    ['an active SKU is deleted', { given: record('sku', 'active'), want: 'delete' }],
    ['an id that is not an integer is left', { given: record('order', 'processing', 'abc'), want: 'left' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(decide(given).action).toBe(want);
  });

  it('deletes a SKU the run created (DELETE /skus/{id}, §2.6) and names the reason a record is left', () => {
    expect(decide(record('sku'))).toEqual({ action: 'delete' });
    expect(decide(record('inventory_batch'))).toEqual({ action: 'left', reason: 'no cancel or delete operation in the specification' });
    expect(decide(record('restocking_shipment', 'arrived'))).toMatchObject({ reason: expect.stringContaining('in status arrived') });
  });
});

describe('carriesMarker', () => {
  const cases: Array<[unknown, boolean]> = [
    ['mfc-abc', true],
    ['mfc-abc-order-1', true],
    ['mfc-abcd-order-1', false],
    ['xmfc-abc-order-1', false],
    [null, false],
    [42, false],
  ];
  it.each(cases)('%j → %s', (value, want) => {
    expect(carriesMarker(value, 'mfc-abc')).toBe(want);
  });

  it.each(['mfc-', 'mfc', '', 'mfc-abc-order', 'mfc-*'])('refuses %j as a marker', (marker) => {
    expect(markerProblem(marker)).toMatch(/expected a run marker/);
  });
});
