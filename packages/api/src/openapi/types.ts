/** The two versions of the API the specification describes (§9). */
export type ApiVersion = 'v1' | 'v2';

/** One schema violation: where, which rule, and a sentence a person can read. */
export interface SchemaError {
  /** JSON pointer into the validated value ('' is the value itself). */
  pointer: string;
  /** The JSON Schema keyword that failed, e.g. 'pattern', 'required', 'anyOf'. */
  rule: string;
  /** `<pointer>: expected <rule detail>, received <value>`. */
  message: string;
}

/** The outcome of validating one value. */
export interface Validation {
  ok: boolean;
  errors: SchemaError[];
}

/** One operation of a version's document, keyed 'METHOD /path/template' relative to the version base. */
export interface OperationInfo {
  key: string;
  method: string;
  pathTemplate: string;
  /** The specification section the operation comes from (its `x-section`). */
  section: string;
  /** Every status code the document names for the operation, ascending. */
  statuses: number[];
  /** Status ranges such as '2XX', where the specification does not show the exact code. */
  statusRanges: string[];
}
