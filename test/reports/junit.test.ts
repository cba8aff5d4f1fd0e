import { describe, expect, it } from 'vitest';
import { buildReport, renderJunit, type CheckResult } from '../../packages/cli/src/reports/index.js';
import { isWellFormedXml } from '../support/xml.js';
import { hostileText, sampleChecks, sampleReport } from './sample-report.js';

interface XmlElement { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string }

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]!);

// Enough of XML for the writer's output (isWellFormedXml has vouched for it): elements, attributes, text.
function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  for (const [, closing, name, attributes, selfClosing, text] of xml.replace(/^<\?xml[^?]*\?>/, '').matchAll(/<(\/?)([\w:.-]+)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g)) {
    const parent = stack.at(-1)!;
    if (text !== undefined) {
      parent.text += decode(text);
    } else if (closing) {
      stack.pop();
    } else {
      const element: XmlElement = { name: name!, attributes: Object.fromEntries([...attributes!.matchAll(/([\w:.-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, decode(value!)])), children: [], text: '' };
      parent.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  return root.children[0]!;
}

// The attributes every suite carries, and what they must add up to.
function expectCounts(element: XmlElement, cases: XmlElement[]): void {
  const failed = cases.filter((c) => c.children.some((child) => child.name === 'failure')).length;
  const skipped = cases.filter((c) => c.children.some((child) => child.name === 'skipped')).length;
  const time = cases.reduce((sum, c) => sum + Number(c.attributes.time), 0);
  expect(element.attributes).toMatchObject({ tests: String(cases.length), failures: String(failed), skipped: String(skipped), errors: '0' });
  expect(Number(element.attributes.time)).toBeCloseTo(time, 3);
}

describe('junit.xml for CI readers (GitHub, GitLab, Jenkins)', () => {
  const xml = renderJunit(sampleReport());
  const root = parseXml(xml);
  const suites = root.children;
  const cases = suites.flatMap((suite) => suite.children);

  it('is well-formed XML, one <testsuites> holding only <testsuite>s holding only <testcase>s', () => {
    expect(isWellFormedXml(xml)).toBe(true);
    expect(root.name).toBe('testsuites');
    expect(new Set(suites.map((suite) => suite.name))).toEqual(new Set(['testsuite']));
    expect(new Set(cases.map((c) => c.name))).toEqual(new Set(['testcase']));
  });

  it('has one suite per §, across both versions, in specification order', () => {
    expect(suites.map((suite) => suite.attributes.name)).toEqual(['§0', '§4.1', '§4.2', '§4.10', '§5', '§8']);
    const v5 = suites.find((suite) => suite.attributes.name === '§5')!;
    expect(v5.children.map((c) => c.attributes.classname)).toEqual(['v1.§5', 'v2.§5', 'v2.§5', 'v1.§5']);
  });

  it('counts tests, failures, skipped, errors and time on every suite and on the root', () => {
    expectCounts(root, cases);
    for (const suite of suites) expectCounts(suite, suite.children);
    expect(root.attributes).toMatchObject({ name: 'mfc run', tests: '11', failures: '3', skipped: '3' });
    expect(root.attributes.time).toBe('0.418');
  });

  it('names each testcase by its check id (docs/REPORTS.md), its class by version and § (dots of the § as `_`: Jenkins splits a class at its last dot)', () => {
    expect(cases.map((c) => c.attributes.name).sort()).toEqual(sampleChecks.map((check) => check.id).sort());
    const duplicate = cases.find((c) => c.attributes.name === 'v1.orders.create.duplicate-409')!;
    expect(duplicate.attributes).toEqual({ name: 'v1.orders.create.duplicate-409', classname: 'v1.§4_1', time: '0.120' });
    expect(duplicate.children[0]).toMatchObject({ name: 'failure', attributes: { message: 'A duplicate merchant_order_id answers 409', type: 'MFC_CHECK_EXPECTATION' } });
    expect(duplicate.children[0]!.text).toBe(sampleChecks[2]!.message);
    const skipped = cases.find((c) => c.attributes.name === 'v1.batches.create')!;
    expect(skipped.children).toEqual([{ name: 'skipped', attributes: { message: 'needs fixtures.batchSku in the profile' }, children: [], text: '' }]);
    expect(cases.find((c) => c.attributes.name === 'v1.auth.missing-token-401')!.children).toEqual([]);
  });

  it('writes time 0 for a check the runner did not time, and stays well-formed with a target\'s hostile text anywhere', () => {
    const hostile: CheckResult = { ...sampleChecks[3]!, id: `v2.x ${hostileText}`, section: `4.1${hostileText}`, message: `${hostileText}\n${hostileText}` };
    const { durationMs: _, ...untimed } = sampleChecks[0]!;
    const text = renderJunit(buildReport([hostile, untimed]), hostileText);
    expect(isWellFormedXml(text)).toBe(true);
    expect(parseXml(text).children.flatMap((suite) => suite.children).at(-1)!.attributes.time).toBe('0.000');
  });

  it('gives wall times: a testcase its check\'s own time, a testsuite the span of its checks side by side, the root the run\'s', () => {
    // Three checks of §4.1 side by side from t=1000 s, one of §5 after them; the run took 6.5 s in all.
    const at = (result: CheckResult, startedAt: number, durationMs: number): CheckResult => ({ ...result, startedAt, durationMs });
    const [auth, , duplicate, schema, byId] = sampleChecks as [CheckResult, CheckResult, CheckResult, CheckResult, CheckResult];
    const checks = [at(duplicate, 1_000_000, 2_700), at(schema, 1_000_500, 2_600), at(byId, 1_001_000, 2_800), at(auth, 1_004_000, 1_200)];
    const timed = parseXml(renderJunit(buildReport(checks, undefined, { marker: 'mfc-x', seed: 1, created: [], durationMs: 6_500 })));
    expect(timed.attributes.time).toBe('6.500');
    const suiteTime = (name: string) => timed.children.find((suite) => suite.attributes.name === name)!.attributes.time;
    // §4.1: from the first start (1000.0 s) to the last end (1001.0 + 2.8 s), not 2.7 + 2.6 + 2.8.
    expect(suiteTime('§4.1')).toBe('3.800');
    expect(suiteTime('§5')).toBe('1.200');
    expect(timed.children.flatMap((suite) => suite.children).map((c) => c.attributes.time)).toEqual(['2.700', '2.600', '2.800', '1.200']);
  });

  it('is an empty but valid <testsuites> for a run without checks', () => {
    const text = renderJunit(buildReport([]));
    expect(isWellFormedXml(text)).toBe(true);
    expect(parseXml(text).attributes).toMatchObject({ tests: '0', failures: '0', skipped: '0', errors: '0', time: '0.000' });
  });
});
