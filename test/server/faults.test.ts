import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../packages/cli/server/index.js';
import { faults } from '../../packages/cli/server/index.js';
import { faultCatalogue, type ProbedFault, type WebhookFault } from '../faults/index.js';
import { probeStart } from '../faults/probe.js';
import { start } from './client.js';

const entries = Object.entries(faultCatalogue);
const probed = entries.filter((entry): entry is [string, ProbedFault] => 'probe' in entry[1]);
const provenElsewhere = entries.filter((entry): entry is [string, WebhookFault] => 'provenBy' in entry[1]);

async function observe(row: ProbedFault, options: ServerOptions, check: boolean): Promise<unknown> {
  let now = probeStart;
  const t = await start({ ...row.options, ...options, now: () => now }, check);
  try {
    return await row.probe({ ...t, setNow: (ms) => { now = ms; } });
  } finally {
    await t.close();
  }
}

describe('the fault catalogue (test/faults/)', () => {
  it('has a probe for every server fault (webhook faults are proven in test/webhooks), and only for faults', () => {
    const names = faults.map((f) => f.name).filter((name) => !name.startsWith('webhooks-'));
    expect(probed.map(([name]) => name).sort()).toEqual([...names].sort());
    expect(faults.length).toBeGreaterThanOrEqual(55);
  });

  it('names, for every webhook fault, a test file that exists', () => {
    expect(provenElsewhere.map(([name]) => name).sort()).toEqual(faults.map((f) => f.name).filter((name) => name.startsWith('webhooks-')).sort());
    for (const [, entry] of provenElsewhere) expect(existsSync(new URL(`../../${entry.provenBy}`, import.meta.url))).toBe(true);
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

describe.each(probed)('fault %s', (name, row) => {
  it('changes what the probe observes; the conforming server shows the rule', async () => {
    const conforming = await observe(row, {}, true);
    expect(conforming).toEqual(row.conforming);
    const faulty = await observe(row, { faults: [name] }, false);
    expect(faulty).not.toEqual(conforming);
  });
});
