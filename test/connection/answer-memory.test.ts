// An answer of 300 MB, or a small gzip that inflates to 300 MB, once made `mfc doctor` read 1.4 GB and
// call the token working (issue 31). Now the request ends at the 32 MiB bound, and the doctor's peak
// memory, measured in its own process, stays under 300 MB.
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpaces } from '../support/big-answer.js';
import { tempDir } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';

const MiB = 1024 * 1024;
const ANSWER_BYTES = 300 * MiB;

/** 300 MiB of spaces gzipped in one member: about 300 KB on the wire. */
async function gzipBomb(): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (part: Buffer) => parts.push(part));
  const chunk = Buffer.alloc(MiB, 0x20);
  for (let written = 0; written < ANSWER_BYTES; written += MiB) gzip.write(chunk);
  gzip.end();
  await once(gzip, 'end');
  return Buffer.concat(parts);
}

describe('mfc doctor against an answer past the bound', () => {
  let server: Server;
  let base: string;
  let bomb: Buffer;
  let preload: string;
  // What the plain answer's server wrote before the client went away.
  let plainWritten: Promise<number> | undefined;
  beforeAll(async () => {
    bomb = await gzipBomb();
    server = createServer((req, res) => {
      if (req.url?.startsWith('/bomb/')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      plainWritten = writeSpaces(res, ANSWER_BYTES);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Loaded before the CLI: on exit, writes the process's peak resident memory in KiB where MFC_PEAK_RSS_FILE
    // says. Linux's VmHWM is the peak of this program alone; getrusage's maxRSS also counts the forked copy
    // of the parent before exec (the test runner, some hundreds of MB), so it is only the fallback.
    preload = join(tempDir('mfc-rss-'), 'peak-rss.mjs');
    writeFileSync(preload, [
      "import { readFileSync, writeFileSync } from 'node:fs';",
      'function peakKiB() {',
      "  try { return Number(/VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); } catch { return process.resourceUsage().maxRSS; }",
      '}',
      "process.on('exit', () => writeFileSync(process.env.MFC_PEAK_RSS_FILE, String(peakKiB())));",
      '',
    ].join('\n'));
  }, 30_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    ['a plain answer of 300 MB', 'plain', 'on the wire'],
    ['a gzip of 300 KB that inflates to 300 MB', 'bomb', 'once decoded'],
  ])('%s: exit 1 naming connection.maxAnswerBytes, memory under 300 MB', async (_name, path, where) => {
    const rssFile = join(tempDir('mfc-rss-'), 'peak');
    const result = await runCli(['doctor', '--base-url', `${base}/${path}`, '--token', 'tok-bound-9e3c1d'], {
      env: { NODE_OPTIONS: `--import=${preload}`, MFC_PEAK_RSS_FILE: rssFile },
    });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain(`the answer is larger than 32 MiB ${where} (connection.maxAnswerBytes): it was not read further`);
    expect(result.stdout).not.toContain('tokens.primary works');
    const peakMegabytes = Number(readFileSync(rssFile, 'utf8')) / 1024;
    expect(peakMegabytes).toBeLessThan(300);
    if (path === 'plain') expect(await plainWritten).toBeLessThan(ANSWER_BYTES);
  });
});
