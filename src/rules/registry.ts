import { checkFiles, collectChecks, type RegisteredCheck } from '../checks/registry.js';
import { defaultInclude, packageRoot } from '../runner/options.js';

/** Every check the package's suites and properties register, known without running any (imports the check files). */
export function registeredChecks(root: string = packageRoot, include: readonly string[] = defaultInclude): Promise<RegisteredCheck[]> {
  return collectChecks(root, checkFiles(root, include));
}
