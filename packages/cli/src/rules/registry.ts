import { checkFiles, collectChecks, type RegisteredCheck } from '../checks/registry.js';
import { codeRoot, defaultInclude } from '../layout.js';

/** Every check the package's suites and properties register, known without running any (imports the check files). */
export function registeredChecks(root: string = codeRoot, include: readonly string[] = defaultInclude): Promise<RegisteredCheck[]> {
  return collectChecks(root, checkFiles(root, include));
}
