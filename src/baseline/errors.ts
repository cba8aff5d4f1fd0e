/** An unreadable or invalid baseline file (`mfc run --baseline`): exit 2, naming the file and the problem. */
export class BaselineError extends Error {
  readonly code = 'MFC_BASELINE';
  override name = 'BaselineError';
}
