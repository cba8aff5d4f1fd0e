import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A headless Chromium this machine can run, or why there is none (`MFC_CHROMIUM` names one explicitly). */
export type Browser = { path: string; version: string } | { reason: string };

/** Finds a Chromium that starts: `MFC_CHROMIUM`, else `chromium`, `chromium-browser`, `google-chrome` on the PATH. */
export function findBrowser(): Browser {
  const candidates = process.env.MFC_CHROMIUM ? [process.env.MFC_CHROMIUM] : ['chromium', 'chromium-browser', 'google-chrome'];
  const failures: string[] = [];
  for (const candidate of candidates) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
      return { path: candidate, version };
    } catch (error) {
      failures.push(`${candidate}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not installed' : (error as Error).message.split('\n', 1)[0]}`);
    }
  }
  return { reason: `no headless Chromium runs here (${failures.join('; ')}); apt-get install chromium, or set MFC_CHROMIUM` };
}

// No sandbox (root in a container), no GPU, nothing fetched by the browser itself, a profile of its own.
function flags(profile: string): string[] {
  return [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
    '--disable-component-update', '--disable-extensions', '--disable-sync', '--no-first-run', '--no-default-browser-check',
    '--hide-scrollbars', `--user-data-dir=${profile}`,
  ];
}

/** Headless Chromium runs sharing one profile directory (a fresh profile costs most of a start); one run at a time. */
export interface BrowserSession {
  /** The DOM of a page after its scripts ran (`--dump-dom`). */
  dumpDom(url: string): Promise<string>;
  /** Takes a PNG screenshot of a page at a window size (`width,height`). */
  screenshot(url: string, file: string, size?: string): Promise<void>;
  /** Removes the profile directory. */
  close(): void;
}

/** Starts a session of runs of `browser`. */
export function openBrowser(browser: { path: string }): BrowserSession {
  const profile = mkdtempSync(join(tmpdir(), 'mfc-chromium-'));
  return {
    async dumpDom(url) {
      return (await run(browser.path, [...flags(profile), '--dump-dom', url], { timeout: 20_000, maxBuffer: 32 * 1024 * 1024 })).stdout;
    },
    async screenshot(url, file, size = '1280,2000') {
      await run(browser.path, [...flags(profile), `--screenshot=${file}`, `--window-size=${size}`, url], { timeout: 20_000 });
    },
    close() {
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
