/** One finding of `mfc lint`: where (file and JSON pointer), which rule, and what is wrong. */
export interface LintProblem {
  file: string;
  pointer: string;
  rule: string;
  severity: 'error' | 'warn';
  message: string;
}

/** `file#/json/pointer  severity rule: message`, one line per problem. */
export function formatProblem(problem: LintProblem): string {
  const pointer = problem.pointer === '' || problem.pointer.startsWith('#') ? problem.pointer : `#${problem.pointer}`;
  return `${problem.file}${pointer}  ${problem.severity} ${problem.rule}: ${problem.message}`;
}
