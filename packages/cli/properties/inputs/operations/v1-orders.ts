// v1 POST /orders with generated values where the v1 document gives them a schema. Its order fields are
// not shown (§2.1): merchant_order_id, items and shipping_address carry no type there, and which other
// properties a service takes is not shown (§4.1 rule 5 refuses unknown ones). So a case is the run's
// ordinary v1 order (properties/orders.ts) with what the document does type, created_at, drawn in every
// legal spelling, left out (the current time, §2.1) or broken. v1 PATCH and PUT /orders/{id} type none
// of their properties: they have nothing to generate.
import type { CheckContext } from '../../../src/checks/index.js';
import { orderBody } from '../../orders.js';
import type { GeneratedOperation } from '../operation.js';
import { cancelCreated, noOrderLeftBehind } from './records.js';

/** The run's ordinary v1 order with the generated properties over it. */
function withOrdinaryOrder(t: CheckContext, input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return { ...orderBody(t, t.uniqueId('order'), t.fixtures.sku!.id), ...input };
}

/** v1 POST /orders. */
export const v1OrdersCreate: GeneratedOperation = {
  id: 'v1.properties.generated.orders-create',
  api: 'v1',
  operation: 'POST /orders',
  section: '4.1',
  title: 'v1 POST /orders with generated created_at in every legal spelling: accepted and read back as the same instant; a created_at that is no date-time is refused with 400 or 422 and leaves no order',
  needs: ['fixtures.sku'],
  writes: true,
  input: 'body',
  leftOut: ['merchant_order_id', 'items', 'shipping_address'],
  bind: withOrdinaryOrder,
  send: async (t, body, _prepared, unjudged) => {
    const answer = await t.v1.post('/orders', { body, unjudged });
    cancelCreated(t, 'orders', answer);
    return answer;
  },
  // v1 shows no order fields (§2.1): one the answer leaves out is not judged.
  kept: { absentJudged: false, update: false },
  read: async (t, answer) => {
    const id = (answer.body as { id?: unknown } | undefined)?.id;
    return typeof id === 'number' ? t.v1.get('/orders/{id}', { path: { id } }) : undefined;
  },
  refused: (t, body) => noOrderLeftBehind(t, body),
};
