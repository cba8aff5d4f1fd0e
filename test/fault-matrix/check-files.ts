import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defaultInclude, packageRoot } from '../../src/runner/index.js';

function checkFiles(folder: string, suffix: string): string[] {
  return readdirSync(join(packageRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => join(folder, file));
}

const sources = [...checkFiles('suites', '.check.ts'), ...checkFiles('properties', '.property.ts')].map((file) => ({
  file: relative(packageRoot, join(packageRoot, file)),
  text: readFileSync(join(packageRoot, file), 'utf8'),
}));

/**
 * The check files that declare these ids as string literals, so a matrix run loads only those;
 * when any id is not written out literally (built from a template), every check file.
 */
export function filesDeclaring(ids: readonly string[]): string[] {
  const files = new Set<string>();
  for (const id of ids) {
    const declaring = sources.filter(({ text }) => text.includes(`'${id}'`));
    if (declaring.length === 0) return defaultInclude;
    for (const { file } of declaring) files.add(file);
  }
  return [...files].sort();
}
