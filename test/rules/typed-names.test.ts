import { describe, expectTypeOf, it } from 'vitest';
import type { FaultName, Faults } from '../../packages/cli/server/faults/index.js';
import type { VariantName, Variants } from '../../packages/cli/server/variants/index.js';
import type { CheckId } from '../fault-map/check-ids.js';
import type { faultCatalogue } from '../faults/index.js';

// Checked by the typecheck (tsc), not at run time: a switch, the fault catalogue and the variant
// table can name only real faults, variants and checks.
describe('FaultName, VariantName and CheckId', () => {
  it('are unions of literals: a name that does not exist is not one of them', () => {
    expectTypeOf<string>().not.toExtend<FaultName>();
    expectTypeOf<'v1-auth-missing-token-403'>().toExtend<FaultName>();
    expectTypeOf<'v9-no-such-fault'>().not.toExtend<FaultName>();
    expectTypeOf<string>().not.toExtend<VariantName>();
    expectTypeOf<'time-whole-seconds'>().toExtend<VariantName>();
    expectTypeOf<'time-no-such-variant'>().not.toExtend<VariantName>();
    expectTypeOf<string>().not.toExtend<CheckId>();
    expectTypeOf<'v1.auth.missing-token-401'>().toExtend<CheckId>();
    expectTypeOf<'v9.no-such-check'>().not.toExtend<CheckId>();
  });

  it('are what the server switches take, and the keys of the fault catalogue', () => {
    expectTypeOf<Faults['has']>().parameter(0).toEqualTypeOf<FaultName>();
    expectTypeOf<Variants['has']>().parameter(0).toEqualTypeOf<VariantName>();
    expectTypeOf<keyof typeof faultCatalogue>().toEqualTypeOf<FaultName>();
  });
});
