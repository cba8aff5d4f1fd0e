// One generated case sent and judged by the stated rules, not by the schema alone: never a 5xx (§7
// lists none); a valid input accepted (2xx) unless its refusal is legal (a limit §8 leaves open, or
// what the operation's table names), a legal refusal carrying the stated error body; what was accepted
// read back unchanged, from the answer and from a later read; an invalid input refused with 400 or 422
// (§7) and nothing left behind. That every answer validates is the run's own judgement: statuses the
// operation documents are validated as every request's are, and their schema checks report them.
import { validateResponse } from '@mfc-conformance/api/validators';
import type { JsonSchema } from '@mfc-conformance/api/internal';
import { CheckFailure, type ApiResponse, type CheckContext } from '../../src/checks/index.js';
import { answerExcerpt } from '../../suites/support/success.js';
import type { GeneratedCase } from './cases.js';
import { firstChange } from './kept.js';
import type { GeneratedOperation, Problem } from './operation.js';

/** What a failing case sent, for the report: the input as it went out and the answer to it. */
export interface SentCase {
  sent: unknown;
  answer: ApiResponse;
}

/** A case that broke a stated rule: the problem, and what the case sent. */
export class CaseFailure extends CheckFailure {
  constructor(readonly problem: Problem, readonly sentCase: SentCase) {
    super(
      { title: problem.title, expected: problem.expected, received: problem.received, exchange: (problem.response ?? sentCase.answer).exchange },
      [sentCase.answer.exchange, ...(problem.response && problem.response !== sentCase.answer ? [problem.response.exchange] : [])],
    );
  }
}

const json = (value: unknown) => JSON.stringify(value) ?? 'nothing';

/** Whether the documents list `status` for the operation (a listed one is validated like every answer). */
function documents(op: GeneratedOperation, status: number): boolean {
  return validateResponse(op.api, op.operation, status, undefined).statusAllowed;
}

/** The first change between what was sent and what `answer` shows of it, as a problem. */
function readBack(op: GeneratedOperation, schema: JsonSchema | undefined, sent: unknown, answer: ApiResponse, where: string): Problem | undefined {
  if (op.kept === undefined) return undefined;
  const change = firstChange(sent, answer.body, schema, op.kept);
  if (change === undefined) return undefined;
  return {
    title: `${op.api} ${op.operation}: what was accepted reads back unchanged in ${where} (§2: bodies are JSON, a value accepted is stored)`,
    expected: `${change.pointer || '(body)'} ${json(change.sent)}: ${change.rule}`,
    received: `${change.pointer || '(body)'} ${json(change.shown)}`,
    response: answer,
  };
}

/** Sends `generated` as `op`'s input and throws a `CaseFailure` when its answer breaks a stated rule. */
export async function judgeCase<Prepared>(t: CheckContext, op: GeneratedOperation<Prepared>, schema: JsonSchema | undefined, prepared: Prepared, generated: GeneratedCase): Promise<void> {
  const sent = op.bind ? op.bind(t, generated.value, prepared) : generated.value;
  const answer = await op.send(t, sent, prepared, (status) => !documents(op, status));
  const failWith = (problem: Problem | undefined) => {
    if (problem) throw new CaseFailure(problem, { sent, answer });
  };
  if (answer.status >= 500) {
    failWith({ title: `${op.api} ${op.operation} never answers a 5xx (§7 lists none)`, expected: generated.kind === 'invalid' ? '400 or 422 (§7)' : 'a 2xx', received: answerExcerpt(answer), response: answer });
  }
  if (generated.kind === 'invalid') {
    const broken = generated.broken!;
    if (answer.status !== 400 && answer.status !== 422) {
      // What an accepted invalid case changed is the state later cases are judged against.
      if (answer.status >= 200 && answer.status < 300) await op.read?.(t, answer, prepared);
      failWith({
        title: `${op.api} ${op.operation} refuses an input that breaks ${broken.keyword} at ${broken.pointer || '(root)'} with 400 or 422 (§7: malformed request, invalid data)`,
        expected: '400 or 422', received: answerExcerpt(answer), response: answer,
      });
    }
    failWith(await op.refused?.(t, sent, prepared));
    return;
  }
  if (answer.status >= 200 && answer.status < 300) {
    failWith(readBack(op, schema, sent, answer, 'the answer'));
    const read = op.kept === undefined ? undefined : await op.read?.(t, answer, prepared);
    if (read !== undefined) failWith(readBack(op, schema, sent, read, 'a later read'));
    failWith(await op.accepted?.(t, sent, answer, prepared));
    return;
  }
  if (answer.status >= 400 && answer.status < 500) {
    const legal = generated.kind === 'limits' ? 'a limit §8 leaves open (field lengths, item counts, body size)' : op.refusalLegal?.(t, sent, generated.kind, answer, prepared);
    if (legal !== undefined) {
      // A status the operation lists was validated already; another one still owes the stated error body.
      if (!documents(op, answer.status)) t.expectSchema(answer, 'Error', `${op.api} ${op.operation} refuses with the stated error body (§7)`);
      return;
    }
  }
  failWith({
    title: `${op.api} ${op.operation} accepts a valid input (§${op.section}; the documents allow it)`,
    expected: 'a 2xx', received: answerExcerpt(answer), response: answer,
  });
}
