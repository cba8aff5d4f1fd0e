import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.js';
import { checkNesting, checkSizes } from './limits.js';

/** The largest request body accepted; the specification states none (§8), so 1 MiB is our choice. */
export const maxBodyBytes = 1024 * 1024;

/** Reads the raw request body, answering 413 past the size limit (the rest is drained, not buffered). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = declared > maxBodyBytes;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) tooLarge = true;
    if (!tooLarge) chunks.push(chunk);
  }
  if (tooLarge) throw new ApiError(413, `request body is larger than the limit of ${maxBodyBytes} bytes`);
  return Buffer.concat(chunks);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Parses a body as JSON whatever the Content-Type says (§4.1 v1 body rules; v2 does the same).
 * An empty body reads as `undefined`; anything else that is not UTF-8 JSON answers `invalidStatus`
 * (400, §7). A body past the nesting, string or array limits (`bodyLimits`) answers 422; the nesting
 * is measured on the text, before anything deep is built.
 */
export function parseJson(raw: Buffer, invalidStatus = 400): unknown {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new ApiError(invalidStatus, 'request body is not valid UTF-8');
  }
  if (text.trim() === '') return undefined;
  checkNesting(text);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(invalidStatus, `request body is not valid JSON (${(error as Error).message})`);
  }
  checkSizes(value);
  return value;
}
