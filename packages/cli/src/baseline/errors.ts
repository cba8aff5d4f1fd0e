import { MfcError } from '@mfc-conformance/api/errors';

/** An unreadable or invalid baseline file (`mfc run --baseline`): exit 2, naming the file and the problem. */
export class BaselineError extends MfcError {
  readonly code = 'MFC_BASELINE';
  readonly exitCode = 2;
  override name = 'BaselineError';
}
