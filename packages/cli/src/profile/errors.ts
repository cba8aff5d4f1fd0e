import { MfcError } from '@mfc-conformance/api/errors';

/** An unreadable or invalid profile (docs/PROFILE.md): exit 2, naming the key; never carries a token value. */
export class ProfileError extends MfcError {
  readonly code = 'MFC_PROFILE';
  readonly exitCode = 2;
  override name = 'ProfileError';
}
