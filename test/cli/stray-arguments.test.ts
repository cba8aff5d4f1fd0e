// A token pasted in the wrong place on the command line is never printed back: every command's
// flag parsing names the flag, not the argument (principle: tokens never appear, anywhere).
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const secret = 'tok_live_3f9a1c7e5b2d4f60a8c1';

describe('a stray argument that may be a token', () => {
  const table: Array<[string, string[]]> = [
    ['webhooks verify', ['webhooks', 'verify', '--token', 'abc', secret]],
    ['serve', ['serve', secret]],
    ['generate', ['generate', `--${secret}`]],
    ['run', ['run', '--profile', 'p.json', secret]],
    ['doctor', ['doctor', `--token=${secret}x`, '--nope']],
  ];
  it.each(table)('mfc %s: exit 2, the argument not quoted', async (_name, args) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
  });
});
