// §2, §2.1 and §8 order value rules on updates and on v2 (suites/v{1,2}/order-validation.check.ts).

/** Fault name → ids of the order-validation checks that catch it. */
export const faultMap: Record<string, string[]> = {
  'v1-orders-update-negative-money-accepted': ['v1.orders.patch.invalid-data-422', 'v1.orders.put.invalid-data-422'],
  'v2-orders-create-lower-case-country-accepted': ['v2.orders.create.invalid-data-422'],
  'v2-orders-patch-zero-quantity-accepted': ['v2.orders.patch.invalid-data-422', 'v2.orders.by-merchant-order-id.patch-invalid-data-422'],
};
