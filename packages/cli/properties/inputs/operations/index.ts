// Every operation whose inputs are generated, in the order their checks are declared.
import type { GeneratedOperation } from '../operation.js';
import { v2BatchSettingsPut } from './batch-settings.js';
import { v1OrdersList, v1ShipmentsList, v2RestockingList } from './lists.js';
import { v1RestockingCreate, v1RestockingUpdate, v2RestockingCreate, v2RestockingUpdate } from './restocking.js';
import { v1OrdersCreate } from './v1-orders.js';
import { v1SkusPatch } from './v1-skus.js';
import { v2OrdersByMerchantOrderId, v2OrdersCreate, v2OrdersList, v2OrdersPatch, v2OrdersPatchByMerchantOrderId } from './v2-orders.js';

/** The generated-input operations of both versions. */
export const generatedOperations: readonly GeneratedOperation[] = [
  v1OrdersCreate, v1OrdersList, v1ShipmentsList, v1RestockingCreate, v1RestockingUpdate, v1SkusPatch,
  v2OrdersCreate, v2OrdersPatch, v2OrdersPatchByMerchantOrderId, v2OrdersByMerchantOrderId, v2OrdersList,
  v2RestockingCreate, v2RestockingUpdate, v2RestockingList, v2BatchSettingsPut,
];
