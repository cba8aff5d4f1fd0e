import { relative } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { lint as redoclyLint, loadConfig } from '@redocly/openapi-core';
import { bundleDocument } from '../generate/load.js';
import { apiVersions, redoclyConfigFile, specFile } from '../layout.js';
import type { LintProblem } from './problem.js';
import { ownRules } from './rules.js';

export { formatProblem, type LintProblem } from './problem.js';

const shown = (file: string): string => relative(process.cwd(), file) || file;

// Structural validity against the OpenAPI 3.1 schema; swagger-parser stops at the first failure.
async function structure(file: string): Promise<LintProblem[]> {
  try {
    await new SwaggerParser().validate(file);
    return [];
  } catch (error) {
    return [{ file: shown(file), pointer: '', rule: 'swagger-parser', severity: 'error', message: (error as Error).message }];
  }
}

async function redocly(file: string): Promise<LintProblem[]> {
  const config = await loadConfig({ configPath: redoclyConfigFile });
  const problems = await redoclyLint({ ref: file, config });
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => {
      const location = problem.location[0];
      return {
        file: shown(location?.source.absoluteRef ?? file),
        pointer: location?.pointer ?? '',
        rule: problem.ruleId,
        severity: problem.severity,
        message: problem.message,
      };
    });
}

async function own(file: string): Promise<LintProblem[]> {
  const document = await bundleDocument(file);
  return ownRules.flatMap((rule) =>
    rule(document).map((finding) => ({ file: shown(file), severity: 'error' as const, ...finding })),
  );
}

/** Every problem in one OpenAPI document: structure, the Redocly rule set, then our own rules. */
export async function lintFile(file: string): Promise<LintProblem[]> {
  const invalid = await structure(file);
  // An invalid document would only give the other linters noise to report.
  if (invalid.length > 0) return invalid;
  return [...(await redocly(file)), ...(await own(file))];
}

/** Lints both versions' documents under spec/. */
export async function lintSpec(): Promise<LintProblem[]> {
  const problems: LintProblem[] = [];
  for (const api of apiVersions) problems.push(...(await lintFile(specFile(api))));
  return problems;
}
