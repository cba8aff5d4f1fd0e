import { readFileSync } from 'node:fs';
import { MfcError } from '@mfc-conformance/api/errors';
import { fileProblem } from '../text/file-problem.js';

/** The part of a run's report.json cleanup needs: the marker and the records the run created. */
export interface ReportedRun {
  marker: string;
  /** `token` is `otherMerchant` for a record a check made as the other merchant (absent: the primary's). */
  created: Array<{ api: 'v1' | 'v2'; kind: string; id: string; token?: 'otherMerchant' }>;
}

/** A report.json that cannot be read or holds no `run` block (exit 2 in `mfc cleanup`). */
export class ReportError extends MfcError {
  readonly code = 'MFC_CLEANUP_REPORT';
  readonly exitCode = 2;
  override name = 'ReportError';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `run.marker` and `run.created` ({api, kind, id, token?}) from the report.json of `mfc run`; throws `ReportError`. */
export function readReportedRun(path: string): ReportedRun {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ReportError(`cannot read --report ${path}: ${fileProblem(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ReportError(`--report ${path} is not JSON (expected the report.json of "mfc run")`);
  }
  const run = isObject(value) ? value.run : undefined;
  if (!isObject(run) || typeof run.marker !== 'string') {
    throw new ReportError(`--report ${path} has no run.marker: expected the report.json of "mfc run" (one written before records were listed has none)`);
  }
  const created = Array.isArray(run.created) ? run.created : [];
  const records = created.map((entry: unknown, index): ReportedRun['created'][number] => {
    if (!isObject(entry) || (entry.api !== 'v1' && entry.api !== 'v2') || typeof entry.kind !== 'string' || (typeof entry.id !== 'string' && typeof entry.id !== 'number')) {
      throw new ReportError(`--report ${path}: run.created/${index} expected {api: "v1"|"v2", kind, id}, received ${JSON.stringify(entry).slice(0, 200)}`);
    }
    return { api: entry.api, kind: entry.kind, id: String(entry.id), ...(entry.token === 'otherMerchant' ? { token: 'otherMerchant' as const } : {}) };
  });
  return { marker: run.marker, created: records };
}
