/** The target profile: types, schema, loading and validation (docs/PROFILE.md). */
export type * from './types.js';
export { ProfileError } from './errors.js';
export { profileSchemaPath, profileProblems } from './validate.js';
export { loadProfile, profileFromFlags, profileFromValue } from './load.js';
export { rateShare } from './share.js';
export { absoluteFiles, resolveConnection } from './connection.js';
