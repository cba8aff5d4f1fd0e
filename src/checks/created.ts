import type { RecordedExchange } from '../http/index.js';
import type { ApiVersion, CreatedRecord } from './types.js';

const collection = /\/merchant_api\/(v[12])\/(?:.*\/)?([a-z_]+)\/?$/;

/**
 * The record a successful POST to a collection created, read from its recorded exchange (the body
 * may be cut short in the record, so the id is found by pattern when it no longer parses).
 */
export function createdRecordOf(exchange: RecordedExchange, checkId: string): CreatedRecord | undefined {
  if (exchange.method !== 'POST' || exchange.status === null || exchange.status < 200 || exchange.status >= 300) return undefined;
  const match = collection.exec(new URL(exchange.url).pathname);
  if (!match) return undefined;
  const body = exchange.responseBody ?? '';
  let id: unknown;
  try {
    id = (JSON.parse(body) as { id?: unknown } | null)?.id;
  } catch {
    id = /^\s*\{\s*(?:"[^"]*"\s*:\s*[^,]*,\s*)*?"id"\s*:\s*"?([\w-]+)/.exec(body)?.[1];
  }
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { api: match[1] as ApiVersion, kind: match[2]!, id: String(id), checkId };
}
