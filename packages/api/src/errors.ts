// `@mfc-conformance/api/errors`: the error base alone, so a program (the CLI's dispatcher above all)
// can tell deliberate errors apart without loading the client and its HTTP stack.
/** How `mfc` ends on an error (docs/CLI.md): 1 the command ran and found a problem, 2 a wrong invocation. */
export type ExitCode = 1 | 2;

/**
 * The base of every error the toolkit raises on purpose: a stable `code`, a message that quotes the
 * value and never holds a token, and the exit code `mfc` ends with when the error reaches the CLI,
 * which prints the message (never a stack) and reads the code once (src/cli/main.ts).
 */
export abstract class MfcError extends Error {
  abstract readonly code: string;
  abstract readonly exitCode: ExitCode;
}
