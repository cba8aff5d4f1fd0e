import { describe, expect, it } from 'vitest';
import { globBase, nameGlob, pathGlob } from '../../packages/cli/src/text/glob.js';

describe('nameGlob: check ids, JSON pointers and path templates', () => {
  const table: Array<[string, { glob: string; matches: string[]; misses: string[] }]> = [
    ['* spans dots', { glob: 'v1.orders.*', matches: ['v1.orders.create.duplicate-409'], misses: ['v1.ordersx', 'v2.orders.x'] }],
    ['* spans slashes', { glob: '/orders*', matches: ['/orders', '/orders/{id}', '/orders/{id}/cancel'], misses: ['/skus'] }],
    ['* within a template', { glob: '/skus/*/inventory_batches', matches: ['/skus/{sku}/inventory_batches'], misses: ['/skus/{sku}/inventory_batch_settings'] }],
    ['? is one character', { glob: 'v?.auth.*', matches: ['v1.auth.a'], misses: ['v10.auth.a'] }],
    ['braces are plain characters', { glob: '/orders/{id}', matches: ['/orders/{id}'], misses: ['/orders/id'] }],
    ['brackets are plain characters', { glob: 'v1.[ab]', matches: ['v1.[ab]'], misses: ['v1.a'] }],
    ['a leading ! is a plain character', { glob: '!v1.*', matches: ['!v1.x'], misses: ['v2.x', 'v1.x'] }],
    ['a full id matches only itself', { glob: 'v1.auth.missing-token-401', matches: ['v1.auth.missing-token-401'], misses: ['v1Xauth.missing-token-401'] }],
  ];
  it.each(table)('%s', (_name, { glob, matches, misses }) => {
    const match = nameGlob(glob);
    for (const name of matches) expect(match(name), name).toBe(true);
    for (const name of misses) expect(match(name), name).toBe(false);
  });
});

describe('pathGlob and globBase: check files', () => {
  const table: Array<[string, { glob: string; base: string; matches: string[]; misses: string[] }]> = [
    ['**/ spans folders, none included', { glob: 'suites/**/*.check.ts', base: 'suites', matches: ['suites/a.check.ts', 'suites/v1/deep/b.check.ts'], misses: ['suites/v1/helper.ts', 'x/suites/a.check.ts'] }],
    ['* stays within a folder', { glob: 'suites/*.check.ts', base: 'suites', matches: ['suites/a.check.ts'], misses: ['suites/v1/a.check.ts'] }],
    ['hidden files count', { glob: 'suites/**/*.ts', base: 'suites', matches: ['suites/.a.ts', 'suites/.v1/a.ts'], misses: [] }],
    ['a plain file: its own folder', { glob: 'suites/v1/a.check.ts', base: 'suites/v1', matches: ['suites/v1/a.check.ts'], misses: ['suites/v1/b.check.ts'] }],
    ['a plain file at the root', { glob: 'a.check.ts', base: '', matches: ['a.check.ts'], misses: [] }],
  ];
  it.each(table)('%s', (_name, { glob, base, matches, misses }) => {
    expect(globBase(glob)).toBe(base);
    const match = pathGlob(glob);
    for (const path of matches) expect(match(path), path).toBe(true);
    for (const path of misses) expect(match(path), path).toBe(false);
  });
});
