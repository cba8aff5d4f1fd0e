import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { parse } from 'yaml';
import { MfcError } from '@mfc-conformance/api/errors';
import { rulesDir } from '../layout.js';
import { ruleSides, type Rule, type RulesFile } from './types.js';

/** Where the inventory files' JSON Schema ships in the package. */
export const rulesSchemaPath = new URL('./rules.schema.json', import.meta.url);

// strictRequired off: the schema's oneOf names properties its branches require without redefining them.
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
const validateFile = ajv.compile<RulesFile>(JSON.parse(readFileSync(rulesSchemaPath, 'utf8')));

/** The inventory is unreadable or breaks its schema; the message lists every problem, one per line. */
export class RulesError extends MfcError {
  readonly code = 'MFC_RULES_INVALID';
  readonly exitCode = 1;
  override name = 'RulesError';
  constructor(readonly problems: string[]) {
    super(`the rule inventory is invalid:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}

function describe(file: string, value: unknown, error: ErrorObject): string | undefined {
  const [, , index, key] = error.instancePath.split('/');
  const rule = index === undefined ? undefined : (value as RulesFile).rules[Number(index)];
  const at = (path: string) => `${file}${rule ? ` rule ${rule.id ?? `#${index}`}` : ''}${path ? ` at ${path}` : ''}`;
  // side is one value or a list; each branch complains, one line says what is allowed.
  if (key === 'side') return `${at(`/rules/${index}/side`)}: must be one of ${ruleSides.join(', ')}, or a list of them`;
  // A failed oneOf comes with each branch's complaint; one line says what the rule lacks.
  if (error.schemaPath.includes('/oneOf/')) return undefined;
  const where = at(error.instancePath);
  if (error.keyword === 'oneOf') return `${where}: needs either checks (a list, empty while no check covers it) or an unobservable reason, not both`;
  if (error.keyword === 'additionalProperties') return `${where}: unknown key "${String(error.params.additionalProperty)}"`;
  return `${where}: ${error.message ?? 'is invalid'}`;
}

/** Reads every inventory file of `dir`; returns the rules and every problem found (schema, duplicate ids). */
export function readRules(dir: string = rulesDir): { rules: Rule[]; problems: string[] } {
  const rules: Rule[] = [];
  const problems: string[] = [];
  const files = readdirSync(dir).filter((name) => name.endsWith('.yaml')).sort();
  if (files.length === 0) problems.push(`${dir}: holds no .yaml file`);
  for (const file of files) {
    let value: unknown;
    try {
      value = parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: not readable YAML: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    if (!validateFile(value)) {
      problems.push(...[...new Set((validateFile.errors ?? []).map((error) => describe(file, value, error)))].filter((line): line is string => line !== undefined));
      continue;
    }
    for (const rule of value.rules) rules.push({ ...rule, side: typeof rule.side === 'string' ? [rule.side] : rule.side, checks: rule.checks ?? [], file });
  }
  const seen = new Map<string, string>();
  for (const rule of rules) {
    const first = seen.get(rule.id);
    if (first !== undefined) problems.push(`${rule.file}: rule id ${rule.id} is used twice (first in ${first})`);
    else seen.set(rule.id, rule.file);
  }
  return { rules, problems };
}

// A process reads the inventory once per version of its files: every run of the fault matrix loads it.
const loaded = new Map<string, { stamp: string; rules: Rule[] }>();

/** The size and modification time of each inventory file: a changed file is read again. */
function stampOf(dir: string): string {
  return readdirSync(dir).filter((name) => name.endsWith('.yaml')).sort()
    .map((name) => {
      const stat = statSync(join(dir, name));
      return `${name}:${stat.size}:${stat.mtimeMs}`;
    }).join('|');
}

/** The inventory's rules; throws `RulesError` when any file is unreadable or invalid, or an id repeats. */
export function loadRules(dir: string = rulesDir): Rule[] {
  const stamp = stampOf(dir);
  const known = loaded.get(dir);
  if (known?.stamp === stamp) return known.rules;
  const { rules, problems } = readRules(dir);
  if (problems.length > 0) throw new RulesError(problems);
  loaded.set(dir, { stamp, rules });
  return rules;
}
