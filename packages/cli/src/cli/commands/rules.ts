import { writeFileSync } from 'node:fs';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';
import { parseFlags } from '../flags.js';

const help = `Usage: mfc rules [--section S]
       mfc rules --emit-check-ids FILE

Prints the rule inventory (spec/rules/*.yaml): every testable statement of the specification,
grouped by §, with the checks that cover it or the reason it cannot be observed from outside, then
the coverage line (rules: N checked, M unobservable, K without a check). Check ids the registry does
not know are marked; checks no rule covers are listed at the end. No request is sent.

Flags:
  --section S             only the rules of § S and its subsections (4 shows 4, 4.1 and 4.2)
  --emit-check-ids FILE   write the CheckId union of every registered check to FILE
                          (test/fault-map/check-ids.ts) instead of printing the rules

Exit codes: 0 the inventory and the registry agree; 1 they do not (unknown check ids, checks
covered by no rule, an invalid inventory file); 2 wrong invocation.`;

function parse(args: string[]) {
  return parseFlags('rules', args, {
    section: { type: 'string' },
    'emit-check-ids': { type: 'string' },
  });
}

/** `mfc rules`: prints the inventory joined with the check registry, or writes the CheckId union. */
export const command: Command = {
  summary: 'list the specification rules with the checks that cover them, and the coverage line',
  help,
  async run(args) {
    const values = parse(args);
    const section = values.section;
    if (section !== undefined && !/^[0-9]+(\.[0-9]+)*$/.test(section)) throw new UsageError(`--section expects a section number such as 4.1, received "${section}"`);
    const { joinProblems, readRules, registeredChecks, renderCheckIds, renderRules } = await import('../../rules/index.js');
    const emitTo = values['emit-check-ids'];
    if (emitTo !== undefined) {
      const checks = await registeredChecks();
      const ids = checks.map((check) => check.id);
      writeFileSync(emitTo, renderCheckIds(ids));
      process.stdout.write(`${ids.length} check ids written to ${emitTo}\n`);
      return 0;
    }
    const { rules, problems } = readRules();
    const shown = section === undefined ? rules : rules.filter((rule) => rule.section === section || rule.section.startsWith(`${section}.`));
    // Before the check files are imported: a wrong section answers at once.
    if (section !== undefined && shown.length === 0) throw new UsageError(`no rule sits under §${section}`);
    const checks = await registeredChecks();
    process.stdout.write(renderRules(shown, new Set(checks.map((check) => check.id))));
    const disagreements = [...problems, ...joinProblems(rules, checks)];
    for (const problem of disagreements) process.stderr.write(`mfc rules: ${problem}\n`);
    return disagreements.length === 0 ? 0 : 1;
  },
};
