// `mfc/v1`: the generated types of API v1 (openapi-typescript over spec/v1.yaml) and friendly names
// for its resources. Types only: importing this entry point loads no code.
import type { components, operations, paths, webhooks } from '../../generated/v1/types.js';

export type { components, operations, paths, webhooks };

type Schemas = components['schemas'];

/** A v1 component schema by name, e.g. `Schema<'Order'>`. */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

/** A v1 order as the API answers it (§4.1; its complete field list is not shown, §2.1). */
export type Order = Schemas['Order'];
/** One line of a v1 order. */
export type OrderItem = Schemas['OrderItem'];
/** The body of POST /orders. */
export type OrderCreate = Schemas['OrderCreate'];
/** The body of PATCH and PUT /orders/{id}: properties left out keep their value. */
export type OrderUpdate = Schemas['OrderUpdate'];
/** A v1 shipment (no fields shown by the specification). */
export type Shipment = Schemas['Shipment'];
/** A v1 return (no fields shown by the specification). */
export type Return = Schemas['Return'];
/** A v1 restocking shipment (§4.1). */
export type RestockingShipment = Schemas['RestockingShipment'];
/** The body of `restocking_shipment_status_updated`: the restocking shipment as the service sends it. */
export type RestockingShipmentEvent = Schemas['RestockingShipmentEvent'];
/** The status of a v1 restocking shipment. */
export type RestockingShipmentStatus = Schemas['RestockingShipmentStatus'];
/** One announced line of a v1 restocking shipment. */
export type RestockingShipmentItem = Schemas['RestockingShipmentItem'];
/** The body that creates or updates a v1 restocking shipment. */
export type RestockingShipmentWrite = Schemas['RestockingShipmentWrite'];
/** A v1 SKU. */
export type Sku = Schemas['Sku'];
/** The body of POST /skus. */
export type SkuCreate = Schemas['SkuCreate'];
/** The body of PATCH /skus/{id}. */
export type SkuUpdate = Schemas['SkuUpdate'];
/** The page fields of a v1 list (§2.7: page numbers). */
export type Pagination = Schemas['Pagination'];
/** One page of v1 orders. */
export type OrderPage = Schemas['OrderPage'];
/** One page of v1 shipments. */
export type ShipmentPage = Schemas['ShipmentPage'];
/** The v1 error body (§7): `success: false` and the messages. */
export type ErrorBody = Schemas['Error'];

/** A v1 webhook event name (§6.1). */
export type WebhookEvent = keyof webhooks;
/** The body of a v1 webhook delivery by event name (§6.1): the bare resource, no envelope. */
export type WebhookPayload<Event extends WebhookEvent> = webhooks[Event]['post']['requestBody']['content']['application/json'];
/** The body of `restocking_shipment_status_updated`. */
export type RestockingShipmentStatusUpdated = WebhookPayload<'restocking_shipment_status_updated'>;
/** The body of `shipment_status_updated`. */
export type ShipmentStatusUpdated = WebhookPayload<'shipment_status_updated'>;
/** The body of `delivery_status_updated`. */
export type DeliveryStatusUpdated = WebhookPayload<'delivery_status_updated'>;
/** The body of `return_status_updated`. */
export type ReturnStatusUpdated = WebhookPayload<'return_status_updated'>;
