// The toolkit's parts depend on each other one way: no module imports itself back through others,
// no two parts of a package's src/ (its top folders) import each other, and the CLI reaches the api
// package by its name only, never the other way; type-only and lazy imports included.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';

const packages = fileURLToPath(new URL('../../packages/', import.meta.url));

/** Every TypeScript module under `dir` with what it imports (specifiers as written), by path relative to `dir`. */
function importsUnder(dir: string): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    imports.set(file, ts.preProcessFile(readFileSync(join(dir, file), 'utf8'), true, true).importedFiles.map((reference) => reference.fileName));
  }
  return imports;
}

/** Every module of `src` with the modules of `src` it imports, by path relative to `src`. */
function importGraph(src: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, specifiers] of importsUnder(src)) {
    const targets = specifiers
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(join(src, file)), specifier).replace(/\.js$/, '.ts'))
      .filter((target) => target.startsWith(`${src}/`) && existsSync(target))
      .map((target) => relative(src, target));
    graph.set(file, targets);
  }
  return graph;
}

/** The modules that lie on a cycle, each cycle as one group (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)!.includes(node)) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The part a module belongs to: its top folder under src/ (`cli` for src/cli/commands/run.ts), or the module itself. */
const partOf = (file: string): string => file.split('/')[0]!;

describe.each(['api', 'cli'])('imports in packages/%s/src/', (name) => {
  const graph = importGraph(join(packages, name, 'src'));

  it('form no cycle between modules', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('form no cycle between parts', () => {
    const parts = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = partOf(file);
      parts.set(from, [...new Set([...(parts.get(from) ?? []), ...targets.map(partOf).filter((to) => to !== from)])]);
    }
    expect(cycles(parts)).toEqual([]);
  });
});

describe('the packages', () => {
  // Every folder of a package that holds modules, relative imports resolved from the module's own folder.
  const modulesOf = (name: string): Array<{ file: string; specifier: string; target: string }> =>
    ['src', 'server', 'suites', 'properties', 'generated']
      .map((folder) => join(packages, name, folder))
      .filter((dir) => existsSync(dir))
      .flatMap((dir) => [...importsUnder(dir)].flatMap(([file, specifiers]) => specifiers.map((specifier) => ({
        file: relative(packages, join(dir, file)),
        specifier,
        target: specifier.startsWith('.') ? relative(packages, resolve(dirname(join(dir, file)), specifier)) : specifier,
      }))));

  it('the CLI reaches the api package by name, never by a path into packages/api', () => {
    expect(modulesOf('cli').filter(({ target }) => target.startsWith('api/') || target.startsWith('..')).map(({ file, specifier }) => `${file}: ${specifier}`)).toEqual([]);
  });

  it('the api package imports nothing of the CLI nor outside itself', () => {
    expect(modulesOf('api').filter(({ target }) => target.startsWith('cli/') || target.startsWith('..') || target.startsWith('@mfc-conformance/cli')).map(({ file, specifier }) => `${file}: ${specifier}`)).toEqual([]);
  });
});
