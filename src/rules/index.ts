/** The rule inventory (spec/rules/*.yaml): loading, its join with the check registry, coverage and listings. */
export { RulesError, loadRules, readRules, rulesDir, rulesSchemaPath } from './load.js';
export { joinProblems, joinRules, rulesByCheck } from './join.js';
export type { CheckWithRules } from './join.js';
export { ruleCoverage, ruleOutcome } from './coverage.js';
export type { RuleOutcome } from './coverage.js';
export { renderCheckIds, renderCheckList, renderRules } from './render.js';
export { registeredChecks } from './registry.js';
export type { Rule, RulesFile } from './types.js';
