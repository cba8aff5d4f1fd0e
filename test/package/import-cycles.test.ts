// The toolkit's parts depend on each other one way: no module imports itself back through others,
// and no two parts of src/ (its top folders) import each other, type-only and lazy imports included.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { codeRoot } from '../../packages/cli/src/layout.js';

const src = join(codeRoot, 'src');

/** Every module of src/ with the modules of src/ it imports, by path relative to src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(src, file), 'utf8'), true, true);
    const targets = importedFiles
      .filter((reference) => reference.fileName.startsWith('.'))
      .map((reference) => resolve(dirname(join(src, file)), reference.fileName).replace(/\.js$/, '.ts'))
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

describe('imports in src/', () => {
  const graph = importGraph();

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
