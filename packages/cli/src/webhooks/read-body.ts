import type { IncomingMessage } from 'node:http';

/** Why a body was not read whole: over the size limit, too slow, or the sender went away. */
export type BodyRefusal = 'too-large' | 'too-slow' | 'aborted';

/** The raw bytes of a request body, or why reading stopped. */
export type BodyRead = { ok: true; raw: Buffer } | { ok: false; refusal: BodyRefusal; bytes: number };

/** The limits a receiver puts on a sender. */
export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * Reads a request body as raw bytes, as a signature must be checked over them (§6.3), stopping
 * at the size limit or when the whole body has not arrived in time.
 */
export function readBody(request: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  // A declared length over the limit is refused before a byte is read.
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    return Promise.resolve({ ok: false, refusal: 'too-large', bytes: declared });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const finish = (result: BodyRead): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('aborted', onAborted).off('error', onAborted).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) finish({ ok: false, refusal: 'too-large', bytes });
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish({ ok: true, raw: Buffer.concat(chunks) });
    const onAborted = (): void => finish({ ok: false, refusal: 'aborted', bytes });
    // 'close' before 'end' means the sender went away mid-body.
    const onClose = (): void => finish(request.complete ? { ok: true, raw: Buffer.concat(chunks) } : { ok: false, refusal: 'aborted', bytes });
    const timer = setTimeout(() => finish({ ok: false, refusal: 'too-slow', bytes }), limits.timeoutMs);
    request.on('data', onData).on('end', onEnd).on('aborted', onAborted).on('error', onAborted).on('close', onClose);
  });
}
