import { formatFailure } from '../checks/index.js';
import { HttpClient, NetworkError, type RecordedExchange } from '../http/index.js';
import type { ApiVersion } from '../checks/index.js';
import type { CheckResult } from '../reports/index.js';

/** The id of the one failure an unreachable target produces. */
export const REACHABILITY_CHECK_ID = 'run.target.reachable';

// A list read with the smallest page, authenticated and read-only, using only stated parameters.
const probePath: Record<ApiVersion, string> = {
  v1: '/merchant_api/v1/orders?limit=1',
  v2: '/merchant_api/v2/restocking_shipments?limit=1',
};

function unreachable(api: ApiVersion, received: string, exchange: RecordedExchange | undefined): CheckResult {
  const failure = {
    kind: 'unreachable' as const,
    title: 'The target does not answer an authenticated read with JSON; no check ran',
    expected: 'a JSON answer below 500 within the request timeout',
    received,
  };
  return {
    id: REACHABILITY_CHECK_ID,
    title: 'The target is reachable and answers JSON',
    api,
    section: '4',
    status: 'failed',
    message: formatFailure({ ...failure, ...(exchange ? { exchange } : {}) }),
    requests: exchange ? [exchange] : [],
    failure: { code: 'MFC_CHECK_UNREACHABLE', title: failure.title, expected: failure.expected, received },
  };
}

/** Sends one authenticated read; returns the failure when the target refuses, hangs, answers 5xx or non-JSON. */
export async function preflight(http: HttpClient, baseUrl: string, token: string, api: ApiVersion): Promise<CheckResult | undefined> {
  const url = `${baseUrl.replace(/\/+$/, '')}${probePath[api]}`;
  let answer;
  try {
    answer = await http.send({ method: 'GET', url, headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    return unreachable(api, error.reason, error.exchanges.at(-1));
  }
  const exchange = answer.exchanges.at(-1);
  if (answer.status >= 500) return unreachable(api, `status ${answer.status}`, exchange);
  try {
    JSON.parse(answer.text);
  } catch {
    return unreachable(api, `a body that is not JSON (${answer.headers['content-type'] ?? 'no content-type'})`, exchange);
  }
  return undefined;
}
