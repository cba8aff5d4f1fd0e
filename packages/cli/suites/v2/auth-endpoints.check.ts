// §4 for v2: every endpoint, reads and writes alike, requires the bearer token. Paths name an id no
// record has and writes send an empty body, so nothing changes even where the token is not asked for.
import { check } from '../../src/checks/index.js';

const unknown = 999_999_999;
// Every v2 operation §4.2 names; the by_merchant_order_id query is the toolkit's (its names are not shown).
const byMerchantOrderId = { merchant_order_id: 'mfc-no-such-order', sales_channel_id: unknown };
const endpoints: ReadonlyArray<readonly [method: string, path: string, query?: Record<string, string | number>]> = [
  ['GET', '/orders'], ['POST', '/orders'], ['GET', `/orders/${unknown}`], ['PATCH', `/orders/${unknown}`], ['PUT', `/orders/${unknown}/cancel`],
  ['GET', '/orders/by_merchant_order_id', byMerchantOrderId], ['PATCH', '/orders/by_merchant_order_id', byMerchantOrderId],
  ['GET', '/restocking_shipments'], ['POST', '/restocking_shipments'], ['GET', `/restocking_shipments/${unknown}`],
  ['PUT', `/restocking_shipments/${unknown}`], ['PUT', `/restocking_shipments/${unknown}/cancel`],
  ['POST', `/skus/${unknown}/inventory_batches`], ['PUT', `/skus/${unknown}/inventory_batch_settings`],
];

check({
  id: 'v2.auth.every-endpoint-401',
  api: 'v2',
  section: '4',
  title: 'Every v2 endpoint, reads and writes alike, answers 401 to a request without a token',
}, async (t) => {
  for (const [method, path, query] of endpoints) {
    const body = method === 'GET' || path.endsWith('/cancel') ? undefined : {};
    const res = await t.anonymous.v2.request({ method, path, query, body, validate: false });
    t.expectStatus(res, 401, `${method} ${path} without the Authorization header answers 401 (§4: all endpoints require the bearer token; §5.4)`);
  }
});
