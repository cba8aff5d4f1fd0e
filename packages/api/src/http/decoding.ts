import type { Interceptor } from './types.js';
import { undici } from './undici.js';

/** What the transport asks for: every encoding the decoding step reads. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

/**
 * Interceptor closest to the wire: decodes gzip, deflate and br answers (undici's `decompress`), error
 * answers too, so every later step (the recording, the retries, the verdicts) sees the decoded body.
 * Each decoding stage stops at `maxAnswerBytes`: a small answer that inflates past it ends the request
 * with undici's `ResponseExceededMaxSizeError` instead of being inflated whole.
 */
export function decoding(maxAnswerBytes: number): Interceptor {
  // undici marks the interceptor experimental with a process warning on first use; a CLI must not
  // print it on every command, and only that one warning is held back.
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('DecompressInterceptor')) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return undici().interceptors.decompress({ skipErrorResponses: false, maxSize: maxAnswerBytes });
  } finally {
    process.emitWarning = emitWarning;
  }
}
