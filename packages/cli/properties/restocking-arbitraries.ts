import fc from 'fast-check';

/** One restocking item as an update sends it: the SKU and the announced quantity (§2.3, §4.1). */
export interface RestockingItemInput {
  sku_id: number;
  announced_quantity: number;
}

/** A restocking update body: every property optional (§4.1, §4.2); items, when present, at least one. */
export interface RestockingUpdate {
  restocking_shipment_items?: RestockingItemInput[];
  po_number?: string;
  supplier_name?: string;
  tracking_code?: string;
  delivery_option?: 'courier' | 'dropoff' | 'hive_freight' | 'postal';
}

/** Update bodies over one SKU of the merchant, with one to four items when items are sent. */
export function restockingUpdateArb(skuId: number, marker: string): fc.Arbitrary<RestockingUpdate> {
  const text = fc.stringMatching(/^[A-Z0-9-]{1,10}$/).map((value) => `${marker}-${value}`);
  return fc.record(
    {
      // Up to four lines of the fixture's SKU, the one SKU the run may use: an accepted update sends only
      // the first (whether a shipment may hold two lines of one SKU is not stated: a service may merge
      // or refuse them); a refused one sends them all, since a refusal must not depend on the count.
      restocking_shipment_items: fc.array(
        fc.record({ sku_id: fc.constant(skuId), announced_quantity: fc.integer({ min: 1, max: 500 }) }, { noNullPrototype: true }),
        { minLength: 1, maxLength: 4 },
      ),
      po_number: text,
      supplier_name: text,
      tracking_code: text,
      delivery_option: fc.constantFrom('courier', 'dropoff', 'hive_freight', 'postal'),
    },
    { requiredKeys: [], noNullPrototype: true },
  );
}

