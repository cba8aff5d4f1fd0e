import { ApiError, type ClientError } from '@mfc-conformance/api/client';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The messages of a §7 error body: `{field: [messages]}`, `[{message}]` or `[string]`, else its title. */
function bodyMessages(body: unknown): string[] {
  if (!isObject(body)) return [];
  const { errors, title } = body;
  const messages = Array.isArray(errors)
    ? errors.map((error) => (typeof error === 'string' ? error : isObject(error) ? [error.field, error.message].filter((part) => typeof part === 'string').join(': ') : ''))
    : isObject(errors)
      ? Object.entries(errors).flatMap(([field, list]) => (Array.isArray(list) ? list.map((message) => `${field} ${String(message)}`) : []))
      : [];
  const named = messages.filter((message) => message !== '');
  return named.length > 0 ? named : typeof title === 'string' ? [title] : [];
}

/**
 * Why a call did not succeed, in one short line: the error body's messages for an answer (with the
 * status unless it is 422, whose reason is the point), else the client's message (already redacted).
 */
export function reasonOf(error: ClientError): string {
  if (!(error instanceof ApiError)) return error.message;
  const messages = bodyMessages(error.body).slice(0, 3).join('; ');
  const text = error.status === 422 && messages !== '' ? messages : `answered ${error.status}${messages === '' ? '' : `: ${messages}`}`;
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
