import { readFileSync } from 'node:fs';
import type { RunReport } from './model.js';

/** Where the JSON Schema of `report.json` ships in the package. */
export const reportSchemaPath = new URL('./report.schema.json', import.meta.url);

/** The report's JSON Schema, parsed. */
export function reportSchema(): object {
  return JSON.parse(readFileSync(reportSchemaPath, 'utf8')) as object;
}

/** The text of `report.json`: the target it judged, the contract's fields (the structured failure lives in the message), then the rule coverage and the run's details when known. */
export function renderJsonReport(report: RunReport): string {
  const checks = report.checks.map(({ id, title, api, section, status, message, requests, requestCount, windows, notes }) => ({
    id, title, api, section, status, message, requests,
    ...(requestCount === undefined ? {} : { requestCount }),
    ...(windows === undefined ? {} : { windows }),
    ...(notes === undefined ? {} : { notes }),
  }));
  const coverage = report.coverage ? { coverage: report.coverage } : {};
  const run = report.run ? { run: report.run } : {};
  const target = report.target ? { target: report.target } : {};
  return `${JSON.stringify({ ...target, summary: report.summary, checks, ...coverage, ...run }, null, 2)}\n`;
}
