import type { ServerResponse } from 'node:http';

/**
 * Writes `total` bytes of spaces (valid JSON whitespace) in 64 KiB chunks, each after the client took
 * the last, and ends; stops when the client goes away. Resolves with the bytes written.
 */
export async function writeSpaces(res: ServerResponse, total: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  while (written < total && !res.destroyed) {
    written += chunk.length;
    if (res.write(chunk)) continue;
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
  res.end();
  return written;
}
