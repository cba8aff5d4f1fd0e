import type { Handler } from '../context.js';
import { Router } from '../http/router.js';
import { createOrderV1, getOrder, listOrders, updateOrderV1 } from './orders.js';
import { getReturnV1, listShipmentsV1, listWarehousesV1 } from './reads.js';
import { createRestockingV1, getRestockingV1, updateRestockingV1 } from './restocking.js';
import { createSkuV1, deleteSkuV1, getSkuV1, updateSkuV1 } from './skus.js';

/** The v1 routes, relative to /merchant_api/v1 (§4.1). */
export function v1Routes(): Router<Handler> {
  return new Router<Handler>()
    .on('GET', '/orders', listOrders)
    .on('POST', '/orders', createOrderV1)
    .on('GET', '/orders/{id}', getOrder)
    .on('PATCH', '/orders/{id}', updateOrderV1('PATCH'))
    .on('PUT', '/orders/{id}', updateOrderV1('PUT'))
    .on('POST', '/restocking_shipments', createRestockingV1)
    .on('GET', '/restocking_shipments/{id}', getRestockingV1)
    .on('PUT', '/restocking_shipments/{id}', updateRestockingV1)
    .on('POST', '/skus', createSkuV1)
    .on('GET', '/skus/{id}', getSkuV1)
    .on('PATCH', '/skus/{id}', updateSkuV1('PATCH'))
    .on('PUT', '/skus/{id}', updateSkuV1('PUT'))
    .on('DELETE', '/skus/{id}', deleteSkuV1)
    .on('GET', '/shipments', listShipmentsV1)
    .on('GET', '/returns/{id}', getReturnV1)
    .on('GET', '/warehouses', listWarehousesV1);
}
