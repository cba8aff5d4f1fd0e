// The budget of the generated-input checks (properties/inputs/): how many cases each operation gets.
// One place decides it, for the checks, the run's plan and `mfc doctor` alike.
import type { TargetProfile } from '../profile/index.js';

/**
 * Cases per operation when nothing else is given: two each of valid, boundary, past-the-limits and
 * invalid. With the other checks a field run at 100 requests a minute (share 0.5) stays within 1.15×
 * of what its requests physically take (`npm run bench`).
 */
export const DEFAULT_CASES_PER_OPERATION = 8;

/**
 * The cases each generated-input check draws: `--cases`, else `--runs` (each check is a property, and a
 * run asking for few property cases asks for few of these), else the profile's
 * `generatedInputs.casesPerOperation`, else the default.
 */
export function casesPerOperation(options: { cases?: number | undefined; runs?: number | undefined; profile: Pick<TargetProfile, 'generatedInputs'> }): number {
  return options.cases ?? options.runs ?? options.profile.generatedInputs?.casesPerOperation ?? DEFAULT_CASES_PER_OPERATION;
}

/** Whether a check id is a generated-input check's (its costs scale with the budget). */
export function isGeneratedInputCheck(id: string): boolean {
  return id.includes('.properties.generated.');
}
