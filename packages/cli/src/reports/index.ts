/** Report model and writers: `report.json` (+ schema), `junit.xml`, `report.html`, `report.md` (docs/REPORTS.md), terminal summary. */
export { buildReport, coverageLine, coverageOutcome, failuresBySection, shownBaseUrl, targetLine } from './model.js';
export type { CheckResult, CheckStatus, CreatedRecordEntry, FailureParts, ReportSummary, ReportTarget, RuleCounts, RuleCoverage, RunDetails, RunReport, SectionCoverage } from './model.js';
export { renderJsonReport, reportSchema, reportSchemaPath } from './json.js';
export { renderJunit } from './junit.js';
export { renderHtml } from './html.js';
export { MARKDOWN_FAILURE_LIMIT, renderMarkdown } from './markdown.js';
export { firstReplayable, replayCommand } from './replay.js';
export { renderNextStep, renderSummary } from './summary.js';
export type { SummaryOptions } from './summary.js';
export { writeReports } from './write.js';
export type { ReportPaths, WriteReportOptions } from './write.js';
