import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The numbers docs/PROOF.md states. */
export interface ProofStatement {
  rules: number;
  checked: number;
  unobservable: number;
  faults: number;
  exact: number;
  meanFailing: number;
  variants: number;
}

const proofPage = fileURLToPath(new URL('../../docs/PROOF.md', import.meta.url));

function number(text: string, pattern: RegExp, what: string): number {
  const value = pattern.exec(text)?.[1];
  if (value === undefined) throw new Error(`docs/PROOF.md "The numbers" no longer states ${what}`);
  return Number(value);
}

/** Reads the numbers of docs/PROOF.md (its section "The numbers"); throws naming what it no longer states. */
export function readProof(text: string = readFileSync(proofPage, 'utf8')): ProofStatement {
  const section = /## The numbers\n([^]*?)\n## /.exec(text)?.[1];
  if (section === undefined) throw new Error('docs/PROOF.md has no "The numbers" section');
  return {
    rules: number(section, /\*\*(\d+) rules\*\*/, 'the number of rules'),
    checked: number(section, /\*\*(\d+) checked\*\*/, 'the rules checked'),
    unobservable: number(section, /(\d+) unobservable/, 'the rules unobservable'),
    faults: number(section, /\*\*(\d+) faults\*\*/, 'the number of faults'),
    exact: number(section, /exactly its mapped checks for all (\d+)/, 'how many faults fail exactly their mapped checks'),
    meanFailing: number(section, /\*\*([\d.]+) failing checks per fault\*\*/, 'the mean failing checks per fault'),
    variants: number(section, /\*\*(\d+) legal variants\*\*/, 'the number of variants'),
  };
}
