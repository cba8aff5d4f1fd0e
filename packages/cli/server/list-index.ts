import type { Clock } from './context.js';
import type { Order, RestockingShipment, Shipment, Store } from './store.js';
import type { Variants } from './variants/index.js';

/**
 * How far lists trail the writes under the `lists-lag-behind-writes` variant: a search index
 * refreshed every second, with half a second more for the refresh to land.
 */
export const LIST_LAG_MS = 1_500;

/** The records each list shows, and when the service received each (epoch ms, its own clock). */
const collections = {
  orders: { records: (store: Store): Order[] => [...store.orders.values()], createdAt: (order: Order) => Date.parse(order.receivedAt) },
  shipments: { records: (store: Store): Shipment[] => [...store.shipments.values()], createdAt: (shipment: Shipment) => Date.parse(shipment.created_at) },
  restockingShipments: {
    records: (store: Store): RestockingShipment[] => [...store.restockingShipments.values()],
    createdAt: (shipment: RestockingShipment) => Date.parse(shipment.created_at),
  },
};

/** The collections a list is served from. */
export type ListedCollection = keyof typeof collections;
type RecordOf<C extends ListedCollection> = ReturnType<(typeof collections)[C]['records']>[number];

/** One state of a record as the index took it in: when, its JSON (to see a change) and a copy to list. */
interface Indexed {
  at: number;
  json: string;
  copy: unknown;
}

/**
 * The records as the lists show them (§4.1, §4.2 say nothing of when a write shows in a list). The
 * default server lists every record as it is. With `lists-lag-behind-writes` the lists come from an
 * index that trails the writes by `LIST_LAG_MS`, while reads by id see every write at once: a record
 * created within the lag is not listed, and one changed within it is listed as the index last held it.
 * The index takes in every seeded record at the start and a change when a list first meets it, so a
 * change shows at least `LIST_LAG_MS` after it was made.
 */
export class ListIndex {
  readonly #states = new WeakMap<object, Indexed[]>();
  readonly #lagging: boolean;

  constructor(private readonly store: Store, variants: Variants, private readonly clock: Clock) {
    this.#lagging = variants.has('lists-lag-behind-writes');
    if (this.#lagging) for (const name of Object.keys(collections) as ListedCollection[]) this.shown(name);
  }

  /** The records of `collection` as a list shows them now. */
  shown<C extends ListedCollection>(collection: C): Array<RecordOf<C>> {
    const { records, createdAt } = collections[collection] as { records: (store: Store) => Array<RecordOf<C>>; createdAt: (record: RecordOf<C>) => number };
    const all = records(this.store);
    if (!this.#lagging) return all;
    const now = this.clock.now();
    const shown: Array<RecordOf<C>> = [];
    for (const record of all) {
      const created = createdAt(record);
      if (!(now - created >= LIST_LAG_MS)) continue;
      const states = this.#states.get(record) ?? [];
      const json = JSON.stringify(record);
      // First met: the record as it is now, indexed at its creation (no earlier state is known).
      if (states.length === 0) states.push({ at: created, json, copy: structuredClone(record) });
      else if (states.at(-1)!.json !== json) states.push({ at: now, json, copy: structuredClone(record) });
      this.#states.set(record, states);
      shown.push((states.findLast((state) => now - state.at >= LIST_LAG_MS) ?? states[0]!).copy as RecordOf<C>);
    }
    return shown;
  }
}
