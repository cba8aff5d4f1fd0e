/** Getting to a first real run: `mfc init` discovers a target and writes its profile; `mfc doctor` checks a profile against its target. */
export { initProfile, renderInitSummary } from './init.js';
export type { InitOptions, InitOutcome } from './init.js';
export { GivenFixtureError, TargetError } from './discover.js';
export type { Found, GivenFixtures, GivenSku, PrimaryDiscovery } from './discover.js';
export { renderProfileYaml, missingKeys, tokenFlags } from './profile-yaml.js';
export type { MissingKey, ProfileDraft } from './profile-yaml.js';
export { TargetReader } from './reader.js';
export type { OtherToken, TokenVerdict } from './tokens.js';
export { askMissing, terminalAsker, PromptError } from './prompt.js';
export type { Asker, InitAnswers } from './prompt.js';
export { diagnose } from './doctor.js';
export type { Diagnosis, DiagnoseOptions, ProbeSeen } from './doctor.js';
export { renderDiagnosis } from './doctor-report.js';
export { checksNeeding, describeChecks, keyMeaning } from './keys.js';
