import type { Handler } from '../context.js';
import { Router } from '../http/router.js';
import { createInventoryBatch, getSkuV2, putInventoryBatchSettings } from './batches.js';
import {
  cancelOrderV2, createOrderV2, getOrderByMerchantOrderId, getOrderV2, listOrdersV2, patchOrderByMerchantOrderId, patchOrderV2,
} from './orders.js';
import { cancelRestockingV2, createRestockingV2, getRestockingV2, listRestockingV2, updateRestockingV2 } from './restocking.js';

/** The v2 routes, relative to /merchant_api/v2 (§4.2). */
export function v2Routes(): Router<Handler> {
  return new Router<Handler>()
    .on('GET', '/orders', listOrdersV2)
    .on('POST', '/orders', createOrderV2)
    .on('GET', '/orders/by_merchant_order_id', getOrderByMerchantOrderId)
    .on('PATCH', '/orders/by_merchant_order_id', patchOrderByMerchantOrderId)
    .on('GET', '/orders/{id}', getOrderV2)
    .on('PATCH', '/orders/{id}', patchOrderV2)
    .on('PUT', '/orders/{id}/cancel', cancelOrderV2)
    .on('GET', '/restocking_shipments', listRestockingV2)
    .on('POST', '/restocking_shipments', createRestockingV2)
    .on('GET', '/restocking_shipments/{id}', getRestockingV2)
    .on('PUT', '/restocking_shipments/{id}', updateRestockingV2)
    .on('PUT', '/restocking_shipments/{id}/cancel', cancelRestockingV2)
    .on('GET', '/skus/{id}', getSkuV2)
    .on('POST', '/skus/{sku_id}/inventory_batches', createInventoryBatch)
    .on('PUT', '/skus/{sku_id}/inventory_batch_settings', putInventoryBatchSettings);
}
