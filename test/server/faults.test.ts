import { describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../server/index.js';
import { faults } from '../../server/index.js';
import { start } from './client.js';
import { accessCases } from './fault-cases/access.js';
import { h3Cases } from './fault-cases/h3.js';
import { h4Cases } from './fault-cases/h4.js';
import { h5Cases } from './fault-cases/h5.js';
import { propertyCases } from './fault-cases/properties.js';
import { resourceCases } from './fault-cases/resources.js';
import type { FaultCase } from './fault-cases/types.js';
import { probeStart } from './fault-cases/types.js';

const cases: Record<string, FaultCase> = { ...accessCases, ...resourceCases, ...propertyCases, ...h3Cases, ...h4Cases, ...h5Cases };

async function observe(row: FaultCase, options: ServerOptions, check: boolean): Promise<unknown> {
  let now = probeStart;
  const t = await start({ ...row.options, ...options, now: () => now }, check);
  try {
    return await row.probe({ ...t, setNow: (ms) => { now = ms; } });
  } finally {
    await t.close();
  }
}

describe('the fault table', () => {
  it('has a row for every server fault (webhook faults are proven in test/webhooks), and only for faults', () => {
    const names = faults.map((f) => f.name).filter((name) => !name.startsWith('webhooks-'));
    expect(Object.keys(cases).sort()).toEqual([...names].sort());
    expect(faults.length).toBeGreaterThanOrEqual(55);
  });

  it('describes every fault with a § and a sentence, and names it <api>-<area>-<deviation>', () => {
    for (const fault of faults) {
      expect(fault.name).toMatch(/^(v1|v2|webhooks)-[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(fault.section).toMatch(/^\d+(\.\d+)*$/);
      expect(fault.description.length).toBeGreaterThan(20);
    }
    expect(new Set(faults.map((f) => f.name)).size).toBe(faults.length);
  });
});

describe.each(Object.entries(cases))('fault %s', (name, row) => {
  it('changes what the probe observes; the conforming server shows the rule', async () => {
    const conforming = await observe(row, {}, true);
    expect(conforming).toEqual(row.conforming);
    const faulty = await observe(row, { faults: [name] }, false);
    expect(faulty).not.toEqual(conforming);
  });
});
