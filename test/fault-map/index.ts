import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What a fault needs beyond the default server and profile to show (a low limit, a provoked 429, …). */
export interface FaultSetup {
  /** The server's requests per minute (`mfc serve --rate-limit`). */
  rateLimit?: number;
  /** Sets `rateLimit.provoke: true` in the profile, so the checks that provoke a 429 run. */
  provoke?: boolean;
  /** false starts the server with a merchant that has no batch tracking. */
  batchTracking?: boolean;
  /** false starts the server with a merchant not enrolled in batch expiry handling. */
  expiryHandling?: boolean;
}

/** The merged fault map: every fault → the checks that must fail, and any setup it needs. */
export interface FaultMatrix {
  checks: Map<string, string[]>;
  setup: Map<string, FaultSetup>;
}

interface FaultMapModule {
  faultMap: Record<string, string[]>;
  faultSetup?: Record<string, FaultSetup>;
}

// One map file per area (test/fault-map/<area>.ts), each owned by the suite that catches those faults;
// check-ids.ts is the generated CheckId type the area files use, not an area.
const notAreas = ['index.ts', 'check-ids.ts'];
const folder = fileURLToPath(new URL('.', import.meta.url));

/** Loads and merges every area's fault map in this folder. */
export async function loadFaultMatrix(): Promise<FaultMatrix> {
  const matrix: FaultMatrix = { checks: new Map(), setup: new Map() };
  const files = readdirSync(folder).filter((file) => file.endsWith('.ts') && !notAreas.includes(file)).sort();
  for (const file of files) {
    const area = (await import(new URL(file, import.meta.url).href)) as FaultMapModule;
    for (const [fault, ids] of Object.entries(area.faultMap)) {
      matrix.checks.set(fault, [...new Set([...(matrix.checks.get(fault) ?? []), ...ids])]);
    }
    for (const [fault, setup] of Object.entries(area.faultSetup ?? {})) {
      matrix.setup.set(fault, { ...matrix.setup.get(fault), ...setup });
    }
  }
  return matrix;
}
