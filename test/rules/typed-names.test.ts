import { describe, expectTypeOf, it } from 'vitest';
import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from '../fault-map/check-ids.js';

// Checked by the typecheck (tsc), not at run time: the fault map can name only real faults and checks.
describe('FaultName and CheckId', () => {
  it('are unions of literals: a name that does not exist is not one of them', () => {
    expectTypeOf<string>().not.toExtend<FaultName>();
    expectTypeOf<'v1-auth-missing-token-403'>().toExtend<FaultName>();
    expectTypeOf<'v9-no-such-fault'>().not.toExtend<FaultName>();
    expectTypeOf<string>().not.toExtend<CheckId>();
    expectTypeOf<'v1.auth.missing-token-401'>().toExtend<CheckId>();
    expectTypeOf<'v9.no-such-check'>().not.toExtend<CheckId>();
  });
});
