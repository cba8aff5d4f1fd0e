// One rule, one name: a deployment rule mfc proxy judges carries the id, § and version of the run's
// check for the same rule (compiled: the ids are CheckIds; run: the registry's § and api), and the
// schema checks own the answers the table in src/judgements says they own.
import { describe, expect, it } from 'vitest';
import { SCHEMA_OWNERS } from '../../packages/cli/src/judgements/index.js';
import { CONVERSATION_ONLY_RULES, PROXY_RULES, type DeploymentRuleId } from '../../packages/cli/src/proxy/index.js';
import { registeredChecks } from '../../packages/cli/src/rules/index.js';
import type { CheckId } from '../fault-map/check-ids.js';

// A deployment rule of the proxy is a check of the run, except those a conversation alone shows.
type RunRuleId = Exclude<DeploymentRuleId, (typeof CONVERSATION_ONLY_RULES)[number]>;
const runRules: readonly RunRuleId[] = (Object.keys(PROXY_RULES) as DeploymentRuleId[])
  .filter((id): id is RunRuleId => PROXY_RULES[id].side === 'deployment' && !(CONVERSATION_ONLY_RULES as readonly string[]).includes(id));
// Fails to compile when a deployment rule names no check of the run.
const asCheckIds: readonly CheckId[] = runRules satisfies readonly CheckId[];

describe("mfc proxy's rules", () => {
  it("name the run's checks with their § and version", async () => {
    const checks = new Map((await registeredChecks()).map((check) => [check.id, check]));
    expect(asCheckIds.length).toBeGreaterThan(20);
    for (const id of asCheckIds) {
      const check = checks.get(id);
      expect(check, id).toBeDefined();
      expect({ id, section: PROXY_RULES[id as RunRuleId].section, api: PROXY_RULES[id as RunRuleId].api }).toEqual({ id, section: check!.section, api: check!.api });
    }
    for (const id of Object.keys(SCHEMA_OWNERS)) expect(checks.get(id)?.owns, id).toEqual(SCHEMA_OWNERS[id as keyof typeof SCHEMA_OWNERS]);
    // The integration's rules are the proxy's own: no check of a run (which is the client) has their names.
    for (const id of Object.keys(PROXY_RULES)) if (PROXY_RULES[id as keyof typeof PROXY_RULES].side === 'integration') expect(checks.has(id), id).toBe(false);
  });
});
