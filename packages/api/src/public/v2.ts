// `mfc/v2`: the generated types of API v2 (openapi-typescript over spec/v2.yaml) and friendly names
// for its resources. Types only: importing this entry point loads no code.
import type { components, operations, paths, webhooks } from '../../generated/v2/types.js';

export type { components, operations, paths, webhooks };

type Schemas = components['schemas'];

/** A v2 component schema by name, e.g. `Schema<'Order'>`. */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

/** A v2 order as the API answers it. */
export type Order = Schemas['Order'];
/** The fulfillment status of a v2 order. */
export type FulfillmentStatus = Schemas['FulfillmentStatus'];
/** One line of a v2 order. */
export type OrderItem = Schemas['OrderItem'];
/** A v2 postal address. */
export type Address = Schemas['Address'];
/** The body that creates a v2 order: the writable fields of `Order`. */
export type OrderCreate = Schemas['OrderCreate'];
/** The body of a v2 order update. */
export type OrderUpdate = Schemas['OrderUpdate'];
/** The data of `order.status_updated`: the order as the service sends it, `Order`'s fields with none marked read-only. */
export type OrderEvent = Schemas['OrderEvent'];
/** A v2 shipment. */
export type Shipment = Schemas['Shipment'];
/** The status of a v2 shipment. */
export type ShipmentStatus = Schemas['ShipmentStatus'];
/** One line of a v2 shipment. */
export type ShipmentItem = Schemas['ShipmentItem'];
/** A batch a v2 shipment line was picked from. */
export type ShipmentItemBatch = Schemas['ShipmentItemBatch'];
/** A serial number of a v2 shipment line. */
export type ShipmentItemSerialNumber = Schemas['ShipmentItemSerialNumber'];
/** A v2 restocking shipment. */
export type RestockingShipment = Schemas['RestockingShipment'];
/** The status of a v2 restocking shipment. */
export type RestockingShipmentStatus = Schemas['RestockingShipmentStatus'];
/** One announced line of a v2 restocking shipment. */
export type RestockingShipmentItem = Schemas['RestockingShipmentItem'];
/** One line of a v2 restocking shipment as written. */
export type RestockingShipmentItemWrite = Schemas['RestockingShipmentItemWrite'];
/** The body that creates a v2 restocking shipment. */
export type RestockingShipmentCreate = Schemas['RestockingShipmentCreate'];
/** The body that updates a v2 restocking shipment. */
export type RestockingShipmentUpdate = Schemas['RestockingShipmentUpdate'];
/** A v2 inventory batch. */
export type InventoryBatch = Schemas['InventoryBatch'];
/** The body that creates a v2 inventory batch. */
export type InventoryBatchCreate = Schemas['InventoryBatchCreate'];
/** A SKU's v2 batch settings. */
export type InventoryBatchSettings = Schemas['InventoryBatchSettings'];
/** The body that updates a SKU's v2 batch settings. */
export type InventoryBatchSettingsUpdate = Schemas['InventoryBatchSettingsUpdate'];
/** The cursor fields of a v2 list (§2.7). */
export type Pagination = Schemas['Pagination'];
/** One page of v2 orders. */
export type OrderPage = Schemas['OrderPage'];
/** One page of v2 restocking shipments. */
export type RestockingShipmentPage = Schemas['RestockingShipmentPage'];
/** The v2 error body (§7). */
export type ErrorBody = Schemas['Error'];
/** The v2 webhook envelope (§6.2): event_type, event_id, timestamp and the resource in `data`. */
export type WebhookEnvelope = Schemas['WebhookEnvelope'];

/** A v2 webhook event type (§6.2). */
export type WebhookEvent = keyof webhooks;
/** The body of a v2 webhook delivery by event type: the envelope with its `data` typed. */
export type WebhookPayload<Event extends WebhookEvent> = webhooks[Event]['post']['requestBody']['content']['application/json'];
/** The body of `order.status_updated`. */
export type OrderStatusUpdated = WebhookPayload<'order.status_updated'>;
/** The body of `shipment.status_updated`. */
export type ShipmentStatusUpdated = WebhookPayload<'shipment.status_updated'>;
/** The body of `shipment.delivery_status_updated`. */
export type ShipmentDeliveryStatusUpdated = WebhookPayload<'shipment.delivery_status_updated'>;
/** The body of `restocking_shipment.status_updated`. */
export type RestockingShipmentStatusUpdated = WebhookPayload<'restocking_shipment.status_updated'>;
