import type { FaultDefinition } from './types.js';

/**
 * Deviations that show only for inputs nobody writes by hand: a character, a bound, a list length, a
 * nested value, a null, an offset, a length or a page number at the edge of what the specification
 * allows. Only the generated-input checks (properties/generated-inputs.property.ts) catch them.
 */
export const faults = [
  {
    name: 'v2-orders-create-address-astral-replaced',
    section: '2',
    description: 'v2 POST /orders stores every character outside the Basic Multilingual Plane in the shipping address as "?", as a three-byte UTF-8 column does, and answers 200',
  },
  {
    name: 'v2-restocking-create-zero-quantity-refused',
    section: '2.3',
    description: 'v2 POST /restocking_shipments refuses a line announcing 0, the stated minimum of announced_quantity, with 422',
  },
  {
    name: 'v2-restocking-update-empty-items-500',
    section: '7',
    description: 'v2 PUT /restocking_shipments/{id} with an empty restocking_shipment_items list answers 500',
  },
  {
    name: 'v2-orders-by-merchant-order-id-patch-metadata-flattened',
    section: '2.1',
    description: 'v2 PATCH /orders/by_merchant_order_id stores each nested object or list inside custom_metadata as its JSON text',
  },
  {
    name: 'v2-orders-patch-null-500',
    section: '7',
    description: 'v2 PATCH /orders/{id} with a property sent as an explicit null answers 500',
  },
  {
    name: 'v1-orders-create-created-at-offset-dropped',
    section: '2',
    description: 'v1 POST /orders reads a created_at with a numeric offset as that wall time in UTC (the offset dropped): another instant',
  },
  {
    name: 'v1-restocking-create-text-cut-255',
    section: '2',
    description: 'v1 POST /restocking_shipments stores tracking_code, po_number and supplier_name cut to their first 255 characters and answers 201',
  },
  {
    name: 'v1-orders-list-deep-page-500',
    section: '7',
    description: 'v1 GET /orders answers 500 instead of an empty page when the page asked for ends past the 10,000th record ((page - 1) × limit + limit), as a search index\'s result window refuses',
  },
] as const satisfies readonly FaultDefinition[];
