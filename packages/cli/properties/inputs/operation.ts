// What a generated-input check knows of its operation: where the input comes from in the documents,
// how a case is sent, and what the specification says a case may expect. One table entry per operation
// (operations/*.ts); the judgement is the same for all (judge.ts).
import type { ApiResponse, ApiVersion, CheckContext } from '../../src/checks/index.js';
import type { Fixtures, SkuFixture } from '../../src/profile/index.js';
import type { CaseKind } from './cases.js';
import type { KeptOptions } from './kept.js';

/** Something a case got wrong by the stated rules: a failure's title, expected and received, and the answer that showed it. */
export interface Problem {
  title: string;
  expected: string;
  received: string;
  response?: ApiResponse;
}

/** One operation whose inputs are generated: its check's declaration and its part in each case. */
export interface GeneratedOperation<Prepared = unknown> {
  /** The check's id: `<api>.properties.generated.<operation>`. */
  id: string;
  api: ApiVersion;
  /** The operation's key in the documents, e.g. `POST /orders`. */
  operation: string;
  section: string;
  title: string;
  needs: string[];
  writes: boolean;
  /** What is generated: the request body, or the query parameters. */
  input: 'body' | 'query';
  /** The SKUs a case may name, of the profile's fixtures (default: `fixtures.sku`). */
  skus?(fixtures: Fixtures): SkuFixture[];
  /** Properties not generated, with the reason in the table. */
  leftOut?: readonly string[];
  /** Properties the document requires whose absence the specification lets a service fill in (a default): leaving them out is no break. */
  defaulted?: readonly string[];
  /** Properties every case sends although the document does not require them: whether a service requires them is not shown. */
  alwaysSent?: readonly string[];
  /** Prepares what every case works on (the record a case updates), once per check. */
  prepare?(t: CheckContext): Promise<Prepared>;
  /** Turns the generated input into what is sent (the run's unique ids in); a value it cannot bind is sent as drawn. */
  bind?(t: CheckContext, input: unknown, prepared: Prepared): unknown;
  /** Sends one case; `unjudged` leaves statuses the operation does not document to the case's judgement. */
  send(t: CheckContext, input: unknown, prepared: Prepared, unjudged: (status: number) => boolean): Promise<ApiResponse>;
  /** How an accepted body reads back (absent: a query, nothing to read back). */
  kept?: KeptOptions;
  /** Reads the record an accepted case made or changed (a later read); absent where no documented read exists. */
  read?(t: CheckContext, answer: ApiResponse, prepared: Prepared): Promise<ApiResponse | undefined>;
  /** After an accepted case: what else the stated rules ask of it (a list: the same instant in another spelling lists the same records). */
  accepted?(t: CheckContext, input: unknown, answer: ApiResponse, prepared: Prepared): Promise<Problem | undefined>;
  /** After a refused case: what it must have left behind (nothing: no record under its id, the record unchanged). */
  refused?(t: CheckContext, input: unknown, prepared: Prepared): Promise<Problem | undefined>;
  /** Why `answer`, a 4xx to this valid input, is legal here beyond §8's open limits (a write of no field, §4.2), or undefined. */
  refusalLegal?(t: CheckContext, input: unknown, kind: CaseKind, answer: ApiResponse, prepared: Prepared): string | undefined;
}
