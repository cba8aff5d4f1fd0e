// How a replay line names the CLI: `mfc` only where that command on PATH is this very CLI.
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliName } from '../../packages/cli/src/cli/invocation.js';

describe('cliName', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mfc-invocation-'));
  const entry = join(dir, 'package', 'bin', 'mfc.mjs');
  mkdirSync(join(dir, 'package', 'bin'), { recursive: true });
  writeFileSync(entry, '#!/usr/bin/env node\n');
  chmodSync(entry, 0o755);
  const linked = join(dir, 'linked');
  mkdirSync(linked);
  symlinkSync(entry, join(linked, 'mfc'));
  const other = join(dir, 'other');
  mkdirSync(other);
  writeFileSync(join(other, 'mfc'), '#!/bin/sh\n');
  chmodSync(join(other, 'mfc'), 0o755);

  const table: Array<[string, { path: string[]; want: 'mfc' | 'npx mfc' }]> = [
    ['no mfc on PATH (a clone): npx mfc', { path: [join(dir, 'nothing')], want: 'npx mfc' }],
    ['this CLI linked on PATH (global install, node_modules/.bin): mfc', { path: [linked], want: 'mfc' }],
    ['another mfc first on PATH: npx mfc', { path: [other], want: 'npx mfc' }],
    ['another mfc, then this one: the shell runs the other, so npx mfc', { path: [other, linked], want: 'npx mfc' }],
    ['this one, then another: mfc', { path: [linked, other], want: 'mfc' }],
  ];
  it.each(table)('%s', (_name, { path, want }) => {
    expect(cliName(entry, path.join(delimiter))).toBe(want);
  });
});
