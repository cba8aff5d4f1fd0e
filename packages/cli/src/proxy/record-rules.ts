// Orders across a conversation, on the deployment's side: the 409 for a duplicate merchant_order_id
// carries the id the conversation saw the order under (§4.1 rule 1, §7), and what an update answered
// as stored is what the next read of the order shows.
import { existingIdProblem } from '../judgements/index.js';
import { BoundedMap } from './bounded-map.js';
import type { ProxyExchange } from './exchange.js';
import { judged, type Judgement } from './findings.js';

// Orders remembered at once: their ids by merchant_order_id, and updates waiting for a read.
const ORDERS = 10_000;
// Ignored when sent (v2, §4.2) or renaming another order (v1 rule 4): never compared.
const NOT_COMPARED = new Set(['merchant_order_id', 'sales_channel_id']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An update answered 2xx: the scalar properties it sent that its answer showed as stored. */
interface PendingUpdate {
  seq: number;
  fields: Json;
}

/** The order rules of a conversation. */
export class RecordRules {
  readonly #ids = new BoundedMap<string, unknown>(ORDERS);
  readonly #updates = new BoundedMap<string, PendingUpdate>(ORDERS);

  /** The deployment's side of an order answer; remembers what later answers are judged by. */
  afterAnswer(exchange: ProxyExchange): Judgement[] {
    const { api, operation, status } = exchange;
    if (api === undefined || operation === undefined || status === null) return [];
    const key = operation.key;
    const requestBody = exchange.body !== undefined && 'json' in exchange.body && isObject(exchange.body.json) ? exchange.body.json : undefined;
    const answer = isObject(exchange.responseJson) ? exchange.responseJson : undefined;
    if (status >= 200 && status < 300) {
      const orders = key === 'GET /orders' ? (Array.isArray(answer?.data) ? answer.data : []) : key.includes('/orders') && !key.endsWith('/cancel') ? [answer] : [];
      for (const order of orders) if (isObject(order) && order.merchant_order_id !== undefined) this.#ids.set(this.#orderKey(exchange, order), order.id);
    }
    if (key === 'POST /orders' && status === 409 && requestBody !== undefined) {
      const existing = this.#ids.get(this.#orderKey(exchange, requestBody));
      if (existing === undefined) return [];
      return [judged(`${api}.orders.create.duplicate-409`, existingIdProblem(exchange.responseText, existing, `The 409 to a duplicate merchant_order_id carries the existing order's id (§${api === 'v1' ? '4.1 rule 1' : '7'})`))];
    }
    const id = /\/orders\/(\d+)$/.exec(exchange.path)?.[1];
    if (id === undefined) return [];
    const orderKey = `${api} ${exchange.window} ${id}`;
    if ((key === 'PATCH /orders/{id}' || key === 'PUT /orders/{id}') && status >= 200 && status < 300 && requestBody !== undefined && answer !== undefined) {
      const fields = Object.fromEntries(Object.entries(requestBody).filter(([name, value]) =>
        !NOT_COMPARED.has(name) && value !== null && typeof value !== 'object' && answer[name] === value));
      this.#updates.set(orderKey, { seq: exchange.seq, fields });
      return [];
    }
    if (key !== 'GET /orders/{id}' || status !== 200 || answer === undefined) return [];
    const pending = this.#updates.get(orderKey);
    if (pending === undefined) return [];
    this.#updates.delete(orderKey);
    const changed = Object.entries(pending.fields).filter(([name, value]) => answer[name] !== value);
    return [judged(`${api}.orders.update.visible-on-next-read`, changed.length === 0 ? undefined : {
      title: `The read after update #${pending.seq} does not show what the update answered as stored`,
      expected: changed.map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(', '),
      received: changed.map(([name]) => `${name}: ${JSON.stringify(answer[name])}`).join(', '),
    })];
  }

  // v1 scopes merchant_order_id to the token's sales channel, v2 to the sales_channel_id it names.
  #orderKey(exchange: ProxyExchange, order: Json): string {
    return exchange.api === 'v1' ? `v1 ${exchange.window} ${String(order.merchant_order_id)}` : `v2 ${exchange.window} ${String(order.sales_channel_id)} ${String(order.merchant_order_id)}`;
  }
}
