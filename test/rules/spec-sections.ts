import { readSpecification } from '../spec/spec-tables.js';

/**
 * The section numbers of the specification: its headings (`## 4.`, `### 4.1`) and the numbered points
 * under a heading (`9.4` is point 4 of §9, `4.1.3` order rule 3 of §4.1), which checks also cite.
 */
export function specSections(text: string = readSpecification()): { headings: string[]; all: Set<string> } {
  const headings: string[] = [];
  const all = new Set<string>();
  let heading = '';
  for (const line of text.split('\n')) {
    const match = /^#{2,3} (\d+(?:\.\d+)*)\.? /.exec(line);
    if (match) {
      heading = match[1]!;
      headings.push(heading);
      all.add(heading);
      continue;
    }
    const point = /^(\d+)\. /.exec(line);
    if (point && heading !== '') all.add(`${heading}.${point[1]}`);
  }
  return { headings, all };
}
