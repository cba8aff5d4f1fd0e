import type { RecordedExchange } from '../../packages/cli/src/http/index.js';
import { buildReport, type CheckResult, type RuleCoverage, type RunDetails, type RunReport } from '../../packages/cli/src/reports/index.js';

/** Text a hostile target may send: a terminal command, a bidi override, markup, a script, a fetch, a mention. */
export const hostileText = '\u001b[2J\u202eevil <img src=http://127.0.0.1:9/leak.png> <script>fetch("http://127.0.0.1:9/x")</script> | `tick` @org/team #12 &amp;';

const orderExchange: RecordedExchange = {
  method: 'POST',
  url: 'http://127.0.0.1:9/merchant_api/v1/orders',
  requestHeaders: { authorization: 'Bearer [redacted]', 'content-type': 'application/json', 'user-agent': 'mfc', accept: 'application/json' },
  requestBody: '{"merchant_order_id":"mfc-x-order-1","items":[{"sku_id":501,"quantity":1}]}',
  status: 201,
  responseHeaders: {
    'content-type': 'application/json', 'x-rate-limit-max': '100', 'x-rate-limit-used': '7', date: 'Mon, 01 Jan 2024 00:00:00 GMT', 'x-service-version': '1.0',
  },
  responseBody: `{"id":1,"price":12.50,"note":"${hostileText.replace(/["\\]/g, '\\$&').replace(/\u001b/g, '\\u001b')}","tags":[],"items":[{"sku_id":501}]}`,
  durationMs: 4,
};

function failure(id: string, section: string, title: string, expected: string, received: string, requests: RecordedExchange[] = [orderExchange]): CheckResult {
  return {
    id, title, api: id.startsWith('v2') ? 'v2' : 'v1', section, status: 'failed', requests, durationMs: 120,
    message: `${title}\nExpected: ${expected}\nReceived: ${received}\n\nStatus: 201\nBody: {"id":1}\n\nReproduce with:\n  curl -X POST 'http://127.0.0.1:9/merchant_api/v1/orders' -H "authorization: Bearer $MFC_TOKEN"`,
    failure: { code: 'MFC_CHECK_EXPECTATION', title, expected, received },
  };
}

const passed = (id: string, section: string, title: string): CheckResult =>
  ({ id, title, api: id.startsWith('v2') ? 'v2' : 'v1', section, status: 'passed', message: '', requests: [], durationMs: 35 });
const skipped = (id: string, section: string, title: string, message: string): CheckResult =>
  ({ id, title, api: id.startsWith('v2') ? 'v2' : 'v1', section, status: 'skipped', message, requests: [] });

/** The checks of a failing run across several §s of both versions, one failure quoting hostile text. */
export const sampleChecks: CheckResult[] = [
  passed('v1.auth.missing-token-401', '5', 'A request without a token answers 401'),
  passed('v2.auth.missing-token-401', '5', 'A request without a token answers 401'),
  failure('v1.orders.create.duplicate-409', '4.1', 'A duplicate merchant_order_id answers 409', 'status 409', 'status 201'),
  failure('v2.orders.list.schema', '4.1', `The order list matches the schema ${hostileText}`, 'an integer at /orders/0/id', `"1" ${hostileText}`),
  passed('v1.orders.get.by-id', '4.1', 'An order reads back by id'),
  { ...passed('v1.lists.page-size-10', '4.10', 'A list answers 10 items per page by default'), notes: ['waited 1.8 s (3 more reads) for GET /orders to list the 3 orders just created'] },
  skipped('v2.auth.expired-token-403', '5', 'An expired token answers 403', 'needs tokens.expired in the profile'),
  skipped('v1.auth.expired-token-403', '5', 'An expired token answers 403', 'needs tokens.expired in the profile'),
  skipped('v1.batches.create', '4.2', 'A batch is created', 'needs fixtures.batchSku in the profile'),
  passed('v1.rate-limit.headers', '8', 'Every answer carries X-Rate-Limit-Max'),
  {
    id: 'run.target.reachable', title: 'The target is reachable', api: 'v1', section: '0', status: 'failed', message: 'no answer', durationMs: 3,
    requests: [{ ...orderExchange, method: 'GET', status: null, responseBody: null, requestBody: null, error: 'connection refused' }],
  },
];

/** Rule coverage matching the sample checks. */
export const sampleCoverage: RuleCoverage = {
  total: { rules: 14, checked: 11, passed: 6, failed: 2, skipped: 3, unobservable: 2, withoutCheck: 1 },
  sections: [
    { section: '4.1', rules: 5, checked: 4, passed: 2, failed: 2, skipped: 0, unobservable: 1, withoutCheck: 0 },
    { section: '4.2', rules: 3, checked: 2, passed: 0, failed: 0, skipped: 2, unobservable: 0, withoutCheck: 1 },
    { section: '4.10', rules: 1, checked: 1, passed: 1, failed: 0, skipped: 0, unobservable: 0, withoutCheck: 0 },
    { section: '5', rules: 4, checked: 3, passed: 2, failed: 0, skipped: 1, unobservable: 1, withoutCheck: 0 },
    { section: '7', rules: 1, checked: 1, passed: 1, failed: 0, skipped: 0, unobservable: 0, withoutCheck: 0 },
  ],
};

/** Run details with a replay command and created records. */
export const sampleRun: RunDetails = {
  marker: 'mfc-lx3k9a1b2c',
  seed: 123,
  command: 'mfc run --profile staging.json',
  created: [
    { api: 'v1', kind: 'order', id: '1', checkId: 'v1.orders.create.duplicate-409' },
    { api: 'v2', kind: 'restocking shipment', id: `77 ${hostileText}`, checkId: 'v2.restocking.create' },
  ],
  share: 0.5,
  peakShare: 0.31,
  traffic: [{ api: 'v1', minute: '2024-01-01T00:00:00.000Z', requests: 31, limit: 100 }],
};

/** A failing run's report with coverage and run details; `interrupted` adds the interruption. */
export function sampleReport(interrupted?: string): RunReport {
  return buildReport(sampleChecks, sampleCoverage, interrupted === undefined ? sampleRun : { ...sampleRun, interrupted });
}
