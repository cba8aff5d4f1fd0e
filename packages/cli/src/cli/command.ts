import { MfcError } from '@mfc-conformance/api/errors';

/** What every `mfc` sub-command module exports: a summary line, its help text and its entry point. */
export interface Command {
  /** One line for `mfc --help`. */
  summary: string;
  /** The full text of `mfc COMMAND --help`: usage line and every flag. */
  help: string;
  /** Runs the command with the arguments after its name; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

/** A wrong invocation (unknown flag, missing value, unreadable input): exit 2, never a stack trace. */
export class UsageError extends MfcError {
  readonly code = 'MFC_USAGE';
  readonly exitCode = 2;
  override name = 'UsageError';
}
