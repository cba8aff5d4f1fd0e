import type { Api } from './http/errors.js';
import type { Params } from './http/router.js';
import type { Faults } from './faults/index.js';
import type { Variants } from './variants/index.js';
import type { ListIndex } from './list-index.js';
import type { ApiToken, Merchant, SalesChannel, Store } from './store.js';
import { storedMs } from './time.js';
import type { ServerEvent } from './webhooks/index.js';

/** Time as the server sees it; tests substitute a clock to cross minute boundaries without waiting. */
export interface Clock {
  now(): number;
}

/** Everything a running server shares across requests. */
export interface ServerState {
  store: Store;
  faults: Faults;
  /** The legal alternatives switched on (server/variants); the default server takes none. */
  variants: Variants;
  clock: Clock;
  /** What the lists show of the records (server/list-index.ts): all of them as they are, unless a variant makes lists trail the writes. */
  lists: ListIndex;
  rateLimit: number;
  emit(event: ServerEvent): void;
}

/** Who is calling: the token, its sales channel and that channel's merchant. */
export interface Principal {
  token: ApiToken;
  channel: SalesChannel;
  merchant: Merchant;
}

/** One authenticated request as route handlers see it. */
export interface RequestContext {
  api: Api;
  state: ServerState;
  principal: Principal;
  params: Params;
  query: URLSearchParams;
  /** The request URL as the client addressed it (v2 builds page URLs from it). */
  url: URL;
  /** The parsed JSON body (`undefined` when empty); throws the 400 of §7 when it is not JSON. */
  body(): unknown;
}

/** A successful answer of a route handler. */
export interface Reply {
  status: number;
  body: unknown;
}

/** A route handler: errors are thrown as `ApiError`. */
export type Handler = (ctx: RequestContext) => Reply;

/** The current time as an ISO 8601 date-time, as precise as the server's clock ticks (server/time.ts). */
export function nowIso(state: ServerState): string {
  return new Date(storedMs(state.variants, state.clock.now())).toISOString();
}
