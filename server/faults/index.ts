import { faults as auth } from './auth.js';
import { faults as batches } from './batches.js';
import { faults as errors } from './errors.js';
import { faults as h4Batches } from './h4-batches.js';
import { faults as h4Orders } from './h4-orders.js';
import { faults as h4Restocking } from './h4-restocking.js';
import { faults as h4Webhooks } from './h4-webhooks.js';
import { faults as h5 } from './h5.js';
import { faults as notFound } from './not-found.js';
import { faults as orderValidation } from './order-validation.js';
import { faults as properties } from './properties.js';
import { faults as rateLimit } from './rate-limit.js';
import { faults as rateLimitAnswers } from './rate-limit-answers.js';
import { faults as restocking } from './restocking.js';
import { faults as schema } from './schema.js';
import { faults as scope } from './scope.js';
import { faults as skuIdentity } from './sku-identity.js';
import { faults as scopeWrites } from './scope-writes.js';
import type { FaultDefinition } from './types.js';
import { faults as v1Body } from './v1-body.js';
import { faults as v1Lists } from './v1-lists.js';
import { faults as v1Orders } from './v1-orders.js';
import { faults as v1Skus } from './v1-skus.js';
import { faults as v2Lists } from './v2-lists.js';
import { faults as v2Orders } from './v2-orders.js';
import { faults as webhooks } from './webhooks.js';

export type { FaultDefinition } from './types.js';

// Each area declares its faults `as const satisfies readonly FaultDefinition[]`, so the names stay literals.
const all = [
  ...auth, ...scope, ...rateLimit, ...errors, ...v1Body, ...v1Lists, ...v2Lists,
  ...v1Orders, ...v2Orders, ...v1Skus, ...restocking, ...batches, ...schema, ...webhooks,
  ...properties, ...notFound, ...scopeWrites, ...orderValidation, ...rateLimitAnswers, ...skuIdentity,
  ...h4Webhooks, ...h4Restocking, ...h4Batches, ...h4Orders, ...h5,
] satisfies readonly FaultDefinition[];

// One area declared without `as const` would widen the union to string and let any name through:
// FaultName then turns into never, and every fault map stops compiling until the area is fixed.
type Literal<T extends string> = string extends T ? never : T;

/** The name of every fault `mfc serve --fault` can switch on, as a union of literals. */
export type FaultName = Literal<(typeof all)[number]['name']>;

/** Every fault `mfc serve --fault` can switch on, one file per area. */
export const faults: readonly FaultDefinition[] = all;

/** The names among `names` that are not faults; empty when all are known. */
export function unknownFaults(names: readonly string[]): string[] {
  const known = new Set(faults.map((f) => f.name));
  return names.filter((name) => !known.has(name));
}
