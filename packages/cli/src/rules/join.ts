import type { RegisteredCheck } from '../checks/registry.js';
import type { Rule } from './types.js';

/** A registered check with the rules the inventory says it covers. */
export interface CheckWithRules extends RegisteredCheck {
  rules: string[];
}

/** The inventory inverted: check id → ids of the rules that name it. */
export function rulesByCheck(rules: readonly Rule[]): Map<string, string[]> {
  const byCheck = new Map<string, string[]>();
  for (const rule of rules) {
    for (const id of rule.checks) byCheck.set(id, [...(byCheck.get(id) ?? []), rule.id]);
  }
  return byCheck;
}

/** Each registered check with its rules, in registry order. */
export function joinRules(rules: readonly Rule[], checks: readonly RegisteredCheck[]): CheckWithRules[] {
  const byCheck = rulesByCheck(rules);
  return checks.map((check) => ({ ...check, rules: byCheck.get(check.id) ?? [] }));
}

/**
 * Where inventory and registry disagree, one line each: a rule naming a check that does not exist,
 * a check no rule covers, a check id registered twice.
 */
export function joinProblems(rules: readonly Rule[], checks: readonly RegisteredCheck[]): string[] {
  const problems: string[] = [];
  const registered = new Map<string, RegisteredCheck>();
  for (const check of checks) {
    const first = registered.get(check.id);
    if (first) problems.push(`check ${check.id} is registered twice (${first.file} and ${check.file})`);
    else registered.set(check.id, check);
  }
  for (const rule of rules) {
    for (const id of rule.checks) if (!registered.has(id)) problems.push(`${rule.file}: rule ${rule.id} names check ${id}, which does not exist`);
  }
  const byCheck = rulesByCheck(rules);
  for (const check of registered.values()) {
    if (!byCheck.has(check.id)) problems.push(`check ${check.id} (${check.file}) is covered by no rule of the inventory`);
  }
  return problems;
}
