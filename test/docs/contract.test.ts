// The public contract in docs/ stays honest cheaply: the commands, flags, profile keys and report
// fields it names are the code's, its links reach files the repository holds, and nothing points at
// a contract outside the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { commands } from '../../packages/cli/src/cli/main.js';
import { profileProblems } from '../../packages/cli/src/profile/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const readJson = (path: string): JsonSchema => JSON.parse(read(path)) as JsonSchema;

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  definitions?: Record<string, JsonSchema>;
}

/** The `### \`mfc NAME\`` sections of docs/CLI.md, by command name. */
function cliSections(): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of read('docs/CLI.md').split(/^### /m).slice(1)) {
    const name = /^`mfc ([a-z]+)`/.exec(part)?.[1];
    if (name !== undefined) sections.set(name, part);
  }
  return sections;
}

const flagsIn = (text: string): Set<string> => new Set([...text.matchAll(/--[a-z][a-z0-9-]*/g)].map((match) => match[0]));

/** The dotted names of every property of an object schema (`rateLimit.share`); shared definitions (a token, a SKU) are documented once, as types. */
function dottedKeys(schema: JsonSchema, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => [`${prefix}${key}`, ...dottedKeys(child, `${prefix}${key}.`)]);
}

// The flags of `mfc serve` are documented with the server, which its section points to.
const flagsDocumentedIn: Partial<Record<string, string>> = { serve: 'docs/SERVER.md' };

describe('docs/CLI.md', () => {
  const sections = cliSections();

  it('documents exactly the commands of the registry in src/cli/main.ts', () => {
    expect([...sections.keys()].sort()).toEqual(Object.keys(commands).sort());
  });

  it.each(Object.keys(commands))('names every flag of mfc %s --help in its section, and only flags the help names in its table', async (name) => {
    const help = (await commands[name]!.load()).help;
    const section = sections.get(name) ?? '';
    const elsewhere = flagsDocumentedIn[name];
    const documented = flagsIn(elsewhere === undefined ? section : `${section}\n${read(elsewhere)}`);
    const missing = [...flagsIn(help)].filter((flag) => flag !== '--help' && !documented.has(flag));
    expect(missing).toEqual([]);
    const tabled = section.split('\n').filter((line) => line.startsWith('| `--')).flatMap((line) => [...flagsIn(line.split(' | ')[0]!)]);
    expect(tabled.filter((flag) => !help.includes(flag))).toEqual([]);
  });
});

describe('docs/PROFILE.md', () => {
  const doc = read('docs/PROFILE.md');
  const schema = readJson('packages/cli/src/profile/profile.schema.json');

  it('names every key of the profile schema, nested ones by their dotted name', () => {
    const keys = dottedKeys(schema);
    expect(keys).toEqual(expect.arrayContaining(Object.keys(schema.properties ?? {})));
    expect(keys.filter((key) => !doc.includes(`\`${key}\``))).toEqual([]);
  });

  it('gives examples the schema accepts, in JSON and in YAML', () => {
    const blocks = [...doc.matchAll(/```(json|yaml)\n([\s\S]*?)```/g)].map((match) => ({ lang: match[1]!, text: match[2]! }));
    expect(new Set(blocks.map((block) => block.lang))).toEqual(new Set(['json', 'yaml']));
    for (const { lang, text } of blocks) {
      expect(profileProblems(lang === 'json' ? JSON.parse(text) : parseYaml(text))).toEqual([]);
    }
  });
});

describe('docs/REPORTS.md', () => {
  const doc = read('docs/REPORTS.md');
  const schema = readJson('packages/cli/src/reports/report.schema.json');
  const definitions = schema.definitions ?? {};
  const undocumented = (object: JsonSchema | undefined) => Object.keys(object?.properties ?? {}).filter((key) => !doc.includes(`\`${key}\``));

  it('names every property of report.json\'s run, of a check, of an exchange and of the top level', () => {
    expect(undocumented(schema)).toEqual([]);
    expect(undocumented(schema.properties?.run)).toEqual([]);
    expect(undocumented(schema.properties?.run?.properties?.plan)).toEqual([]);
    expect(undocumented(schema.properties?.checks?.items)).toEqual([]);
    expect(undocumented(definitions.exchange)).toEqual([]);
  });
});

// Files a clone holds that may point a reader somewhere: none may point outside the repository.
const scanned = [
  'README.md', 'CHANGELOG.md', 'docs', 'scripts',
  'packages/api/README.md', 'packages/api/src',
  'packages/cli/README.md', 'packages/cli/src', 'packages/cli/server', 'packages/cli/suites', 'packages/cli/properties',
];

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((name) => statSync(join(root, name)).isFile());
}

describe('a project that points inside itself', () => {
  const files = scanned.flatMap(filesUnder);

  it('names no contract outside the repository (../shared, CONTRACT §N)', () => {
    const hits = files.flatMap((file) => read(file).split('\n').map((line, index) => ({ where: `${file}:${index + 1}`, line })))
      .filter(({ line }) => /\.\.\/shared|CONTRACT/.test(line))
      .map(({ where }) => where);
    expect(hits).toEqual([]);
  });

  it('links only to files the repository holds, from its Markdown', () => {
    const broken = files.filter((file) => file.endsWith('.md')).flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(join(root, dirname(file), target)))
        .map((target) => `${file} → ${relative(root, join(root, dirname(file), target))}`));
    expect(broken).toEqual([]);
  });
});
