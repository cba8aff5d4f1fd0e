// docs/PROOF.md states how the toolkit is proven, in numbers; they must be the inventory's, the fault
// catalogue's and the variant list's (the fault matrix and the variant runs check what they measure).
import { describe, expect, it } from 'vitest';
import { faults, variants } from '../../packages/cli/server/index.js';
import { loadRules } from '../../packages/cli/src/rules/load.js';
import { faultCatalogue } from '../faults/index.js';
import { readProof } from '../support/proof.js';

describe('docs/PROOF.md "The numbers"', () => {
  const proof = readProof();

  it('counts the rules of the inventory', () => {
    const rules = loadRules();
    expect({ rules: proof.rules, checked: proof.checked, unobservable: proof.unobservable }).toEqual({
      rules: rules.length,
      checked: rules.filter((rule) => rule.unobservable === undefined && rule.checks.length > 0).length,
      unobservable: rules.filter((rule) => rule.unobservable !== undefined).length,
    });
  });

  it('counts the faults and their mapped checks, and the variants', () => {
    const sizes = Object.values(faultCatalogue).map((entry) => entry.checks.length);
    const mean = Number((sizes.reduce((sum, size) => sum + size, 0) / sizes.length).toFixed(2));
    // Exactness is the fault matrix's finding: here, that the statement claims it for every fault.
    expect({ faults: proof.faults, exact: proof.exact, meanFailing: proof.meanFailing, variants: proof.variants }).toEqual({
      faults: faults.length, exact: faults.length, meanFailing: mean, variants: variants.length,
    });
  });
});
