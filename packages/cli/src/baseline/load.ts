import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { BaselineError } from './errors.js';
import { isRunLevel } from './compare.js';
import type { Baseline, BaselineReportCheck, WaiverFile } from './types.js';
import { reportProblems, waiverFileProblems } from './validate.js';
import { fileProblem } from '../text/file-problem.js';

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new BaselineError(`cannot read ${what} ${path}: ${fileProblem(error)}`);
  }
}

/** JSON for `.json`, YAML (which reads JSON too) for any other name. */
function parseText(text: string, path: string, what: string): unknown {
  const format = /\.json$/i.test(path) ? 'JSON' : 'YAML';
  try {
    return format === 'JSON' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    const at = /line \d+(, column \d+)?|position \d+/i.exec((error as Error).message)?.[0];
    throw new BaselineError(`${what} ${path} is not valid ${format}${at ? ` (${at})` : ''}`);
  }
}

function invalid(what: string, path: string, problems: string[]): BaselineError {
  return new BaselineError(`invalid ${what} ${path}:\n  ${problems.join('\n  ')}`);
}

function reportChecks(value: unknown, path: string, what: string): BaselineReportCheck[] {
  const problems = reportProblems(value);
  if (problems.length > 0) throw invalid(what, path, problems);
  return (value as { checks: BaselineReportCheck[] }).checks;
}

/** The kind of a parsed baseline file, told by its shape: `{waivers}` or a report's `{summary, checks}`. */
function kindOf(value: unknown): Baseline['kind'] | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  if ('waivers' in value) return 'waivers';
  if ('checks' in value) return 'report';
  return undefined;
}

/**
 * Reads `mfc run --baseline FILE`: a waiver file (YAML or JSON, `{waivers: [{check, reason, expires?}]}`)
 * or a previous `report.json`, whose failures become waivers of their exact ids. Throws `BaselineError`.
 */
export function loadBaseline(path: string): Baseline {
  const value = parseText(readText(path, 'baseline'), path, 'baseline');
  const kind = kindOf(value);
  if (kind === undefined) {
    const hint = Array.isArray(value) ? ' (a list of waivers goes under the key "waivers")' : '';
    throw new BaselineError(`baseline ${path} is neither a waiver file ({"waivers": [...]}) nor a report.json ({"summary", "checks"})${hint}`);
  }
  if (kind === 'waivers') {
    const problems = waiverFileProblems(value);
    if (problems.length > 0) throw invalid('waiver file', path, problems);
    return { path, kind, waivers: (value as WaiverFile).waivers };
  }
  const checks = reportChecks(value, path, 'baseline report');
  // A run-level failure (target unreachable, deadline) is never a known failure, whatever a report held.
  const failed = checks.filter((check) => check.status === 'failed' && !isRunLevel(check.id));
  return { path, kind, waivers: failed.map((check) => ({ check: check.id, reason: `failed in the baseline report ${path}` })) };
}

/** Reads a `report.json` for `mfc baseline`: each check's id and status (and title and § when present). Throws `BaselineError`. */
export function loadReportChecks(path: string): BaselineReportCheck[] {
  return reportChecks(parseText(readText(path, 'report'), path, 'report'), path, 'report');
}
