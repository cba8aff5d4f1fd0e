/**
 * What a rule expected and what an exchange showed instead: a judgement's outcome before anyone
 * reports it. A check hands it to `t.fail`; `mfc proxy` and `mfc webhooks listen` make a finding of it.
 */
export interface Verdict {
  title: string;
  expected: unknown;
  received: unknown;
}

/** An answer's headers as a judgement reads them: lower-case names, one value each. */
export type AnswerHeaders = Readonly<Record<string, string | undefined>>;
