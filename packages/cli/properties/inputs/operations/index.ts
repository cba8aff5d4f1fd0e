// Every operation whose inputs are generated, in the order their checks are declared.
import type { GeneratedOperation } from '../operation.js';
import { v2OrdersByMerchantOrderId, v2OrdersCreate, v2OrdersList, v2OrdersPatch, v2OrdersPatchByMerchantOrderId } from './v2-orders.js';

/** The generated-input operations of both versions. */
export const generatedOperations: readonly GeneratedOperation<never>[] = [
  v2OrdersCreate, v2OrdersPatch, v2OrdersPatchByMerchantOrderId, v2OrdersByMerchantOrderId, v2OrdersList,
] as readonly GeneratedOperation<never>[];
