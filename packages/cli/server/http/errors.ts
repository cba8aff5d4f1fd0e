import type { Faults } from '../faults/index.js';
import type { Variants } from '../variants/index.js';

/** An API version as it appears in the path. */
export type Api = 'v1' | 'v2';

/** One problem with a request, optionally tied to a body property. */
export interface Problem {
  message: string;
  field?: string;
}

/** An error answer: the status and the problems behind it; rendered in the version's §7 shape. */
export class ApiError extends Error {
  readonly problems: Problem[];

  constructor(readonly status: number, problems: string | Problem[], readonly headers: Record<string, string> = {}) {
    super(typeof problems === 'string' ? problems : problems.map((p) => p.message).join('; '));
    this.problems = typeof problems === 'string' ? [{ message: problems }] : problems;
  }
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

/** The §7 error body of a version: v1 `{success, errors: [string]}`, v2 `{errors, success, title, status}`. */
export function errorBody(api: Api, error: ApiError, faults: Faults, variants?: Variants): unknown {
  const messages = error.problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message));
  const v2Shape = (): unknown => {
    const body: Record<string, unknown> = {
      errors: v2Errors(error, messages, v2ErrorsForm(error.status, variants)),
      success: false,
      title: titles[error.status] ?? 'Error',
      status: error.status,
    };
    if (faults.has('v2-errors-missing-errors')) delete body.errors;
    return body;
  };
  if (api === 'v1') {
    if (faults.has('v1-errors-shape-v2')) return v2Shape();
    if (faults.has('v1-errors-not-array')) return { success: false, errors: messages.join('; ') };
    return { success: false, errors: messages };
  }
  if (faults.has('v2-errors-shape-v1')) return { success: false, error: messages.join('; ') };
  return v2Shape();
}

function codeOf(status: number): string {
  return (titles[status] ?? 'error').toLowerCase().replace(/ /g, '_');
}

/** The three forms §7 allows for v2 `errors`: ours is `objects`; the v2-errors-* variants choose another. */
type ErrorsForm = 'objects' | 'strings' | 'map';

function v2ErrorsForm(status: number, variants: Variants | undefined): ErrorsForm {
  if (variants?.has('v2-errors-field-map')) return 'map';
  if (variants?.has('v2-errors-strings')) return 'strings';
  if (variants?.has('v2-errors-mixed')) {
    if (status === 400 || status === 422) return 'map';
    if (status === 401 || status === 403 || status === 429) return 'objects';
    return 'strings';
  }
  return 'objects';
}

function v2Errors(error: ApiError, messages: string[], form: ErrorsForm): unknown {
  if (form === 'strings') return messages;
  if (form === 'objects') return messages.map((message) => ({ message, code: codeOf(error.status) }));
  // A problem of the request as a whole has no field: it goes under `base`. Without a prototype, a
  // field named `__proto__` or `constructor` is a key like any other.
  const map = Object.create(null) as Record<string, string[]>;
  for (const p of error.problems) (map[p.field ?? 'base'] ??= []).push(p.message);
  return map;
}
