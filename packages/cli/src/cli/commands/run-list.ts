import { isSelected, type ApiVersion } from '../../checks/index.js';
import { UsageError } from '../command.js';

/** `mfc run --list`: prints the checks `--api` and `--only` select, with §, rules, writes and needs; sends no request. */
export async function listChecks(api: ApiVersion | 'all', only: string | undefined): Promise<number> {
  const { joinRules, loadRules, registeredChecks, renderCheckList } = await import('../../rules/index.js');
  const checks = await registeredChecks();
  const selected = checks.filter((check) => isSelected(check.id, { api, only }));
  if (selected.length === 0) throw new UsageError(`--only "${only ?? ''}" selects no check. Check ids look like v1.orders.create.duplicate-409.`);
  process.stdout.write(renderCheckList(joinRules(loadRules(), selected)));
  return 0;
}
