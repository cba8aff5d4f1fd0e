import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRedactor, redactDeep } from '../http/index.js';
import { renderHtml } from './html.js';
import { renderJsonReport } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import type { RunReport } from './model.js';

/** The files `writeReports` writes. */
export interface ReportPaths {
  json: string;
  junit: string;
  html: string;
  /** `report.md`, beside report.json, junit.xml and report.html (docs/REPORTS.md): a Markdown summary for CI step summaries and PR comments. */
  markdown: string;
}

/** Options of `writeReports`. */
export interface WriteReportOptions {
  /** The page and suite title (default "mfc run report"). */
  title?: string;
  /** Token values to replace by `[redacted]` in every file, whatever the results hold. */
  secrets?: readonly string[];
}

/** Writes `report.json`, `junit.xml`, `report.html` and `report.md` into `dir` (created when missing). */
export async function writeReports(dir: string, report: RunReport, options: WriteReportOptions = {}): Promise<ReportPaths> {
  // Results are redacted where they are recorded; these passes mean a writer fed by any other
  // source (a webhook receiver, a script) cannot leak a token either. Once over the data, before
  // JSON, XML, HTML and Markdown escape it, and once over each file, for a form only the escaping
  // made whole (the redactor decodes those escapes, and never cuts one in half, so each file stays valid).
  const redact = createRedactor(options.secrets ?? []);
  const clean = redactDeep(report, redact);
  const title = options.title === undefined ? undefined : redact(options.title);
  await mkdir(dir, { recursive: true });
  const paths = { json: join(dir, 'report.json'), junit: join(dir, 'junit.xml'), html: join(dir, 'report.html'), markdown: join(dir, 'report.md') };
  await Promise.all([
    writeFile(paths.json, redact(renderJsonReport(clean))),
    writeFile(paths.junit, redact(renderJunit(clean, title))),
    writeFile(paths.html, redact(renderHtml(clean, title))),
    writeFile(paths.markdown, redact(renderMarkdown(clean, title))),
  ]);
  return paths;
}
