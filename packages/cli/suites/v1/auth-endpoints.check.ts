// §4 for v1: every endpoint, reads and writes alike, requires the bearer token. Paths name an id no
// record has and writes send an empty body, so nothing changes even where the token is not asked for.
import { check } from '../../src/checks/index.js';

const unknown = 999_999_999;
// Every v1 operation §4.1 names (the SKU bulk upsert's path is not shown).
const endpoints: ReadonlyArray<readonly [method: string, path: string]> = [
  ['GET', '/orders'], ['POST', '/orders'], ['GET', `/orders/${unknown}`], ['PATCH', `/orders/${unknown}`], ['PUT', `/orders/${unknown}`],
  ['GET', '/shipments'], ['GET', `/returns/${unknown}`], ['GET', '/warehouses'],
  ['POST', '/restocking_shipments'], ['GET', `/restocking_shipments/${unknown}`], ['PUT', `/restocking_shipments/${unknown}`],
  ['POST', '/skus'], ['PATCH', `/skus/${unknown}`], ['PUT', `/skus/${unknown}`], ['DELETE', `/skus/${unknown}`],
];

check({
  id: 'v1.auth.every-endpoint-401',
  api: 'v1',
  section: '4',
  title: 'Every v1 endpoint, reads and writes alike, answers 401 to a request without a token',
}, async (t) => {
  for (const [method, path] of endpoints) {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const res = await t.anonymous.v1.request({ method, path, body, validate: false });
    t.expectStatus(res, 401, `${method} ${path} without the Authorization header answers 401 (§4: all endpoints require the bearer token; §5.4)`);
  }
});
