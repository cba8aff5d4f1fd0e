/** The rule inventory (spec/rules/*.yaml): loading, its join with the check registry, the sides its checks prove, coverage and listings. */
export { RulesError, loadRules, readRules, rulesSchemaPath } from './load.js';
export { joinProblems, joinRules, rulesByCheck } from './join.js';
export type { CheckWithRules } from './join.js';
export { sideProblems } from './sides.js';
export type { SideProblem } from './sides.js';
export { ruleCoverage, ruleOutcome } from './coverage.js';
export type { RuleOutcome } from './coverage.js';
export { renderCheckIds, renderCheckList, renderRules } from './render.js';
export { registeredChecks } from './registry.js';
export { ruleSides } from './types.js';
export type { Rule, RuleSide, RulesFile } from './types.js';
