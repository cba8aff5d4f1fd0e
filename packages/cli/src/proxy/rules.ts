// The rules `mfc proxy` judges, each on its side: the integration's (what a client must send and
// how it must pace and page) and the deployment's (what its answers show). A deployment rule the run
// has a check for carries that check's id and §, so one rule has one name across `mfc run` and
// `mfc proxy` (test/proxy/proxy-deployment.test.ts holds them to the registry).

/** Whose doing a finding is: the application's requests, or the deployment's answers. */
export type Side = 'integration' | 'deployment';

/** What a rule is, for a finding and its report. */
export interface ProxyRule {
  side: Side;
  api: 'v1' | 'v2';
  section: string;
  title: string;
}

const integration = (api: 'v1' | 'v2', section: string, title: string) => ({ side: 'integration', api, section, title }) as const;
const deployment = (api: 'v1' | 'v2', section: string, title: string) => ({ side: 'deployment', api, section, title }) as const;

/** Every rule the proxy judges, by id. */
export const PROXY_RULES = {
  'v1.client.documented-operation': integration('v1', '4.1', 'Each request is an operation the v1 documents show (method and path)'),
  'v2.client.documented-operation': integration('v2', '4.2', 'Each request is an operation the v2 documents show (method and path)'),
  'v1.client.authorization': integration('v1', '5', 'Every request carries Authorization: Bearer <token>'),
  'v2.client.authorization': integration('v2', '5', 'Every request carries Authorization: Bearer <token>'),
  'v1.client.request-body': integration('v1', '4.1', 'Each request body is valid for its operation: JSON, types, patterns, required properties, formats'),
  'v2.client.request-body': integration('v2', '4.2', 'Each request body is valid for its operation: JSON, types, patterns, required properties, formats'),
  'v1.client.unknown-property': integration('v1', '4.1', 'Order create and update and SKU create send only properties the documents show (§4.1 rule 5 refuses others with 422)'),
  'v1.client.retry-after-kept': integration('v1', '8', "No request of the sales channel while a 429's Retry-After runs"),
  'v2.client.retry-after-kept': integration('v2', '8', "No request of the merchant while a 429's Retry-After runs"),
  'v1.client.rate-limit-kept': integration('v1', '8', 'No request of the sales channel beyond X-Rate-Limit-Max in one calendar minute (UTC)'),
  'v2.client.rate-limit-kept': integration('v2', '8', 'No request of the merchant beyond X-Rate-Limit-Max in one minute'),
  'v1.client.pages-within-page-count': integration('v1', '4.1', 'A v1 list is read by page, from 1 up to its page_count'),
  'v2.client.next-page-url-followed': integration('v2', '9.4', "A v2 list is read by following pagination.next_page_url, never by a page number or cursor of the client's making"),

  'v1.schema.order': deployment('v1', '2.1', 'Every v1 order answer is valid against the Order schema'),
  'v1.schema.pagination': deployment('v1', '2.7', 'Every v1 pagination object is valid'),
  'v1.schema.restocking-shipment': deployment('v1', '2.3', 'Every v1 restocking shipment answer is valid against its schema'),
  'v1.schema.sku': deployment('v1', '2.6', 'Every v1 SKU answer is valid against its schema'),
  'v1.errors.body-shape': deployment('v1', '7', 'Every error answer has the v1 error body {success: false, errors: [strings]}'),
  'v2.schema.order': deployment('v2', '2.1', 'Every v2 order answer is valid against the Order schema'),
  'v2.schema.restocking-shipment': deployment('v2', '2.3', 'Every v2 restocking shipment answer is valid against its schema'),
  'v2.schema.pagination': deployment('v2', '2.7', 'Every v2 pagination object is valid'),
  'v2.schema.inventory-batch': deployment('v2', '2.4', 'Every inventory batch answer is valid against its schema'),
  'v2.schema.inventory-batch-settings': deployment('v2', '2.5', 'Every inventory batch settings answer is valid against its schema'),
  'v2.errors.body-shape': deployment('v2', '7', 'Every error answer has the v2 error body (errors, success, title, status)'),
  'v1.rate-limit.headers-on-every-response': deployment('v1', '8', 'X-Rate-Limit-Used and X-Rate-Limit-Max are on every answer'),
  'v2.rate-limit.headers-on-every-response': deployment('v2', '8', 'X-Rate-Limit-Used and X-Rate-Limit-Max are on every answer'),
  'v1.rate-limit.max-is-expected-limit': deployment('v1', '8', 'X-Rate-Limit-Max announces the limit the profile expects (rateLimit.perMinute)'),
  'v2.rate-limit.max-is-expected-limit': deployment('v2', '8', 'X-Rate-Limit-Max announces the limit the profile expects (rateLimit.perMinute)'),
  'v1.rate-limit.used-counts-up': deployment('v1', '8', 'Within one minute X-Rate-Limit-Used grows with each request of the sales channel and X-Rate-Limit-Max stays the same'),
  'v2.rate-limit.used-counts-up': deployment('v2', '8', 'Within one minute X-Rate-Limit-Used grows with each request of the merchant and X-Rate-Limit-Max stays the same'),
  'v1.rate-limit.429-retry-after-and-reset': deployment('v1', '8', 'Over the limit v1 answers 429 with Retry-After no later than the next calendar minute'),
  'v2.rate-limit.429-retry-after': deployment('v2', '8', 'Over the limit v2 answers 429 with a Retry-After header'),
  'v1.orders.create.duplicate-409': deployment('v1', '4.1', "A duplicate merchant_order_id answers 409 carrying the existing order's id"),
  'v2.orders.create.duplicate-409': deployment('v2', '7', "A duplicate merchant_order_id answers 409 carrying the existing order's id"),
  'v1.lists.orders.pagination-consistent': deployment('v1', '2.7', 'page_count is ceil(item_count / items_per_page), the same on every page of a walk'),
  'v1.lists.orders.pages-from-1': deployment('v1', '4.1', 'current_page is the page asked for, counted from 1'),
  'v2.lists.orders.cursor-walk': deployment('v2', '9.4', 'Following next_page_url lists every order once and ends with next_page_url null'),
  'v2.lists.restocking-shipments.cursor-walk': deployment('v2', '9.4', 'Following next_page_url lists every restocking shipment once and ends with next_page_url null'),
  'v2.lists.orders.limit': deployment('v2', '4.2', 'No page of a walk holds more orders than its limit'),
  'v2.lists.restocking-shipments.limit': deployment('v2', '4.2', 'No page of a walk holds more restocking shipments than its limit'),
  'v2.lists.restocking-shipments.created-at': deployment('v2', '4.2', 'Every page of a walk keeps the created_at filters of its first page'),
  'v1.orders.update.visible-on-next-read': deployment('v1', '4.1', 'What an order update answered as stored is what the next read of the order shows'),
  'v2.orders.update.visible-on-next-read': deployment('v2', '4.2', 'What an order update answered as stored is what the next read of the order shows'),
} as const satisfies Record<string, ProxyRule>;

/** The id of a rule the proxy judges. */
export type ProxyRuleId = keyof typeof PROXY_RULES;

/** The ids of the deployment's rules: those the run's checks carry too, and the conversation's own. */
export type DeploymentRuleId = { [K in ProxyRuleId]: (typeof PROXY_RULES)[K]['side'] extends 'deployment' ? K : never }[ProxyRuleId];

/** The deployment rules no check of `mfc run` has: a run's own writes and reads are judged by other checks. */
export const CONVERSATION_ONLY_RULES = ['v1.orders.update.visible-on-next-read', 'v2.orders.update.visible-on-next-read'] as const satisfies readonly DeploymentRuleId[];
