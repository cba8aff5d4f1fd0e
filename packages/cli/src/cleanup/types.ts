/** What `mfc cleanup` knows about one record a run left on the target, and what it did with it. */
export interface FoundRecord {
  /** The API's word for the record: `order`, `restocking_shipment`, `inventory_batch`, `sku`, … */
  kind: string;
  id: string;
  /** The field that carries the marker (merchant_order_id, po_number, …) and its value, when known. */
  markedBy?: { field: string; value: string };
  /** The record's current status as the target shows it (fulfillment_status, status). */
  status?: string;
  /** Why the status could not be read, when cleanup tried (a SKU: its read is not shown, §4.2). */
  statusUnread?: string;
  /** Where it was found: a v2 list walked for the marker, or `run.created` of a report.json. */
  source: 'list' | 'report';
  /** The version the report says the record was created through (report records only). */
  api?: 'v1' | 'v2';
}

/** What cleanup did with one record; only `failed` makes the command exit 1. */
export type CleanupAction =
  | { action: 'cancelled' }
  | { action: 'would-cancel' }
  | { action: 'deleted' }
  | { action: 'would-delete' }
  | { action: 'already-cancelled' }
  | { action: 'already-deleted' }
  | { action: 'left'; reason: string }
  | { action: 'failed'; reason: string };

/** One line of the outcome: the record and what happened to it. */
export type CleanupResult = FoundRecord & CleanupAction;

/** How one v2 list walk went: how far it got, and whether it reached the end of the list. */
export interface ListWalk {
  path: string;
  pages: number;
  records: number;
  /** It stopped at its bound while the list went on: the records after it were not looked at. */
  stopped: boolean;
  /** It could not go on (an error answer, no answer, broken pagination): why. */
  failure?: string;
}

/** Everything one cleanup did, in the order it happened. */
export interface CleanupOutcome {
  marker: string;
  dryRun: boolean;
  walks: ListWalk[];
  results: CleanupResult[];
}
