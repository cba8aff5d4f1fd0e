import type { RecordedExchange } from '../http/index.js';
import type { ApiVersion, CreatedRecord } from './types.js';

const collection = /\/merchant_api\/(v[12])\/(?:.*\/)?([a-z_]+)\/?$/;
// §4.1 rule 4: a v1 order update naming another merchant_order_id creates (or updates) the order
// having it and answers with that one, so an answer about another id may be a new record.
const orderUpdate = /\/merchant_api\/(v1)\/(orders)\/(\d+)\/?$/;

/** The `id` of an answer's body (the body may be cut short in the record: then found by pattern). */
function answeredId(exchange: RecordedExchange): unknown {
  const body = exchange.responseBody ?? '';
  try {
    return (JSON.parse(body) as { id?: unknown } | null)?.id;
  } catch {
    return /^\s*\{\s*(?:"[^"]*"\s*:\s*[^,]*,\s*)*?"id"\s*:\s*"?([\w-]+)/.exec(body)?.[1];
  }
}

/**
 * The record a successful write created, read from its recorded exchange: a POST to a collection,
 * or a v1 order update answered with another order (the upsert of §4.1 rule 4).
 */
export function createdRecordOf(exchange: RecordedExchange, checkId: string): CreatedRecord | undefined {
  if (exchange.status === null || exchange.status < 200 || exchange.status >= 300) return undefined;
  const path = new URL(exchange.url).pathname;
  if (exchange.method === 'PATCH' || exchange.method === 'PUT') {
    const update = orderUpdate.exec(path);
    if (!update) return undefined;
    const id = answeredId(exchange);
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === update[3]) return undefined;
    return { api: 'v1', kind: update[2]!, id: String(id), checkId };
  }
  if (exchange.method !== 'POST') return undefined;
  const match = collection.exec(path);
  if (!match) return undefined;
  const id = answeredId(exchange);
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { api: match[1] as ApiVersion, kind: match[2]!, id: String(id), checkId };
}
