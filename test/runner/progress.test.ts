import { describe, expect, it } from 'vitest';
import { Progress, wantsProgress } from '../../packages/cli/src/runner/index.js';

function fakeTerminal(isTTY = true) {
  const written: string[] = [];
  const stream = { isTTY, columns: 80, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('Progress', () => {
  it('shows checks done/total, the checks running and requests used against the limit, on one line', () => {
    const { stream, written } = fakeTerminal();
    const progress = new Progress(stream);
    progress.addTotal(3);
    progress.start('v1.auth.missing-token-401');
    progress.start('v2.auth.missing-token-401');
    expect(written.at(-1)).toBe('\r\x1b[2K[0/3] · running v1.auth.missing-token-401 and 1 more');
    progress.finish('v1.auth.missing-token-401', { used: 4, limit: 100 });
    expect(written.at(-1)).toBe('\r\x1b[2K[1/3] · running v2.auth.missing-token-401 · rate limit 4/100 this minute');
    progress.end();
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });

  it('does not redraw for a file with no selected check', () => {
    const { stream, written } = fakeTerminal();
    new Progress(stream).addTotal(0);
    expect(written).toEqual([]);
  });

  it('fits the line to the terminal width', () => {
    const { stream, written } = fakeTerminal();
    new Progress(stream).start(`v1.${'x'.repeat(200)}`);
    expect(written.at(-1)!.length).toBeLessThanOrEqual('\r\x1b[2K'.length + 79);
  });
});

describe('wantsProgress', () => {
  const table: Array<[string, { isTTY: boolean; env: NodeJS.ProcessEnv; want: boolean }]> = [
    ['a terminal outside CI', { isTTY: true, env: {}, want: true }],
    ['a terminal in CI', { isTTY: true, env: { CI: 'true' }, want: false }],
    ['a pipe', { isTTY: false, env: {}, want: false }],
  ];
  it.each(table)('%s', (_name, { isTTY, env, want }) => {
    expect(wantsProgress(fakeTerminal(isTTY).stream, env)).toBe(want);
  });
});
