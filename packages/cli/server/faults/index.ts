import type { Literal, Switches } from '../switches.js';
import { faults as auth } from './auth.js';
import { faults as batchSettings } from './batch-settings.js';
import { faults as batches } from './batches.js';
import { faults as errors } from './errors.js';
import { faults as inputs } from './inputs.js';
import { faults as notFound } from './not-found.js';
import { faults as properties } from './properties.js';
import { faults as rateLimit } from './rate-limit.js';
import { faults as restocking } from './restocking.js';
import { faults as schema } from './schema.js';
import { faults as scope } from './scope.js';
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
  ...auth, ...scope, ...rateLimit, ...errors, ...v1Body, ...v1Lists, ...v2Lists, ...v1Orders, ...v2Orders,
  ...v1Skus, ...restocking, ...batchSettings, ...batches, ...notFound, ...schema, ...webhooks, ...properties, ...inputs,
] satisfies readonly FaultDefinition[];

/** The name of every fault `mfc serve --fault` can switch on, as a union of literals. */
export type FaultName = Literal<(typeof all)[number]['name']>;

/** The faults switched on for one server; `has` takes only a `FaultName`. */
export type Faults = Switches<FaultName>;

/** Every fault `mfc serve --fault` can switch on, one file per area. */
export const faults: readonly FaultDefinition<FaultName>[] = all;

const known: ReadonlySet<string> = new Set(faults.map((f) => f.name));

/** Whether `name` (from the command line) is a fault. */
export function isFaultName(name: string): name is FaultName {
  return known.has(name);
}

/** The names among `names` that are not faults; empty when all are known. */
export function unknownFaults(names: readonly string[]): string[] {
  return names.filter((name) => !isFaultName(name));
}
