/** Baselines for `mfc run --baseline`: waiver files and previous reports, loading, validation (+ schema), comparison, rendering. */
export type * from './types.js';
export { BaselineError } from './errors.js';
export { baselineSchemaPath, reportProblems, waiverFileProblems } from './validate.js';
export { loadBaseline, loadReportChecks } from './load.js';
export { compareWithBaseline, isExpired, isRunLevel, utcDate } from './compare.js';
export { renderComparison, renderComparisonJson } from './render.js';
export { renderWaiverFile, type WaiverFileOptions } from './waiver-file.js';
