// Legal variation: the reference server in every shape the specification leaves open
// (`mfc serve --variant`), one at a time and all compatible ones at once. A full run against each
// has zero failures: a check whose premise the variant does not offer skips with the reason.
import { describe, expect, it } from 'vitest';
import { combinedVariants, variants } from '../../server/index.js';
import { runAgainstConforming } from './conforming-run.js';

const setups: Array<[string, string[]]> = [
  ...variants.map((variant): [string, string[]] => [variant.name, [variant.name]]),
  ['all compatible variants at once', [...combinedVariants]],
];

describe.concurrent('the conforming reference server in every legal variant', () => {
  it.each(setups)('%s: a full run has zero failures', async (_name, names) => {
    const { failed, passed, messages } = await runAgainstConforming({ variants: names });
    expect({ failed, messages }).toEqual({ failed: [], messages: {} });
    expect(passed.length).toBeGreaterThan(80);
  }, 420_000);
});
