import type { FaultName } from '../../packages/cli/server/faults/index.js';
import { catalogue as auth } from './auth.js';
import { catalogue as batchSettings } from './batch-settings.js';
import { catalogue as batches } from './batches.js';
import { catalogue as errors } from './errors.js';
import { catalogue as inputs } from './inputs.js';
import { catalogue as notFound } from './not-found.js';
import { catalogue as properties } from './properties.js';
import { catalogue as rateLimit } from './rate-limit.js';
import { catalogue as restocking } from './restocking.js';
import { catalogue as schema } from './schema.js';
import { catalogue as scope } from './scope.js';
import type { FaultEntry } from './types.js';
import { catalogue as v1Body } from './v1-body.js';
import { catalogue as v1Lists } from './v1-lists.js';
import { catalogue as v1Orders } from './v1-orders.js';
import { catalogue as v1Skus } from './v1-skus.js';
import { catalogue as v2Lists } from './v2-lists.js';
import { catalogue as v2Orders } from './v2-orders.js';
import { catalogue as webhooks } from './webhooks.js';

export type { FaultEntry, FaultSetup, ProbedFault, WebhookFault } from './types.js';

/**
 * Every fault of the reference server → the checks a full run against it fails, the setup it needs,
 * and how it shows (a probe, or the test that proves a webhook fault). One file per area, beside
 * `server/faults/<area>.ts`; an area left out here, or a fault without its entry, does not compile.
 */
export const faultCatalogue: { readonly [Name in FaultName]: FaultEntry<Name> } = {
  ...auth, ...scope, ...rateLimit, ...errors, ...v1Body, ...v1Lists, ...v2Lists, ...v1Orders, ...v2Orders,
  ...v1Skus, ...restocking, ...batchSettings, ...batches, ...notFound, ...schema, ...webhooks, ...properties, ...inputs,
};
