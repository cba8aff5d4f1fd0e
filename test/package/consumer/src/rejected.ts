// Lines that must not compile: each `@ts-expect-error` fails the consumer's typecheck the day its
// line starts to compile.
import { createClient } from '@mfc-conformance/api/client';
import type { Order, RestockingShipmentCreate } from '@mfc-conformance/api/v2';
import { validateSchema } from '@mfc-conformance/api/validators';

const v2 = createClient({ baseUrl: 'http://127.0.0.1:1', token: 't', version: 'v2' });

export async function rejected(): Promise<void> {
  // @ts-expect-error an unknown path
  await v2.GET('/orderz');

  // @ts-expect-error a path parameter of the wrong type
  await v2.GET('/orders/{id}', { params: { path: { id: 'seven' } } });

  // @ts-expect-error a wrong field type in a request body (warehouse_id is a number in v2)
  await v2.POST('/restocking_shipments', { body: { delivery_option: 'postal', estimated_arrival_date: '2030-01-01', warehouse_id: '3', restocking_shipment_items: [] } });

  // @ts-expect-error a missing required property (restocking_shipment_items)
  const missing: RestockingShipmentCreate = { delivery_option: 'postal', estimated_arrival_date: '2030-01-01', warehouse_id: 3 };

  // @ts-expect-error a value outside the enum
  const courier: RestockingShipmentCreate['delivery_option'] = 'pigeon';

  // @ts-expect-error a field the v2 order does not have
  const unknownField: Order['no_such_field'] = 1;

  // @ts-expect-error validators take a version, not a document name
  validateSchema('v3', 'Order', {});

  void missing;
  void courier;
  void unknownField;
}
