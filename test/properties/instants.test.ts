// The time helpers the list checks share (suites/support/instants.ts): what step a written time shows,
// and which records a created_at filter must, must not, or may list.
import { describe, expect, it } from 'vitest';
import { filterAdmits, instantOf, writtenStepMs } from '../../packages/cli/suites/support/instants.js';

describe('writtenStepMs', () => {
  it.each([
    ['2026-01-05T08:00:00.123Z', 1],
    ['2026-01-05T08:00:00.1Z', 100],
    ['2026-01-05T09:00:00.120+01:00', 1],
    ['2026-01-05T08:00:00Z', 1000],
    ['2026-01-05T08:00:00.000Z', 1000],
    ['2026-01-05T09:00:00+01:00', 1000],
    [undefined, 1000],
  ])('%s is written in steps of %i ms', (written, step) => {
    expect(writtenStepMs(written)).toBe(step);
  });
});

describe('filterAdmits', () => {
  const boundary = instantOf('2026-01-05T09:00:01+01:00');
  it('compares instants, whatever the offset', () => {
    expect(filterAdmits('gt', boundary, instantOf('2026-01-05T08:00:02Z'))).toBe(true);
    expect(filterAdmits('lt', boundary, instantOf('2026-01-05T08:00:00.999Z'))).toBe(true);
  });

  it('leaves [gt] and [lte] open for a record written at the boundary, [gte] and [lt] not', () => {
    const same = instantOf('2026-01-05T08:00:01Z');
    expect(['gt', 'gte', 'lt', 'lte'].map((op) => filterAdmits(op as 'gt', boundary, same))).toEqual(['either', true, false, 'either']);
  });
});
