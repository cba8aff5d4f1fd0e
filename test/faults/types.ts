import type { FaultDefinition } from '../../packages/cli/server/faults/index.js';
import type { ServerOptions } from '../../packages/cli/server/index.js';
import type { Literal } from '../../packages/cli/server/switches.js';
import type { CheckId } from '../fault-map/check-ids.js';
import type { ProbeContext } from './probe.js';

/** What a fault needs beyond the default server and profile to show in the fault matrix (a low limit, a provoked 429, …). */
export interface FaultSetup {
  /** The server's requests per minute (`mfc serve --rate-limit`). */
  rateLimit?: number;
  /** Sets `rateLimit.provoke: true` in the profile, so the checks that provoke a 429 run. */
  provoke?: boolean;
  /** false starts the server with a merchant that has no batch tracking. */
  batchTracking?: boolean;
  /** false starts the server with a merchant not enrolled in batch expiry handling. */
  expiryHandling?: boolean;
  /** Cases per operation of the generated-input checks (`mfc run --cases`), as a CI run against a local server asks for more than a field run's default. */
  cases?: number;
}

/** The requests a probe sends, resolving to what it observes. */
export type Probe = (t: ProbeContext) => Promise<unknown>;

/** What the fault matrix needs of every fault. */
interface MatrixEntry {
  /** The checks a full run against `mfc serve --fault <name>` fails: exactly these, at least one. */
  checks: readonly [CheckId, ...CheckId[]];
  setup?: FaultSetup;
}

/**
 * A fault test/server/faults.test.ts shows with a probe: the requests and what they observe, the
 * observation on a conforming server, and extra server options for both. The fault must change the observation.
 */
export interface ProbedFault extends MatrixEntry {
  probe: Probe;
  conforming: unknown;
  options?: ServerOptions;
}

/** A webhook fault: it shows in what a receiver gets, not in an answer, so another test proves it beside the matrix. */
export interface WebhookFault extends MatrixEntry {
  provenBy: `test/${string}.test.ts`;
}

/** The catalogue entry of one fault: a webhook fault names the test that proves it, every other fault has a probe. */
export type FaultEntry<Name extends string> = Name extends `webhooks-${string}` ? WebhookFault : ProbedFault;

/** The catalogue of one area: exactly the faults of its `server/faults/<area>.ts`, each with its entry. */
export type Catalogue<Area extends readonly FaultDefinition[]> = { [Name in Literal<Area[number]['name']>]: FaultEntry<Name> };
