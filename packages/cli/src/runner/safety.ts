import { MfcError } from '@mfc-conformance/api/errors';
import type { TargetProfile } from '../profile/index.js';

/** The run refuses to start (exit 2, before any request); carries no token. */
export class RunRefusedError extends MfcError {
  readonly code = 'MFC_RUN_REFUSED';
  readonly exitCode = 2;
  override name = 'RunRefusedError';
}

/** Enforces the production-write rule (docs/PROFILE.md): writes against production need `--allow-production-writes`. */
export function assertWritesAllowed(profile: TargetProfile, allowProductionWrites: boolean): void {
  if (profile.environment === 'production' && profile.allowWrites && !allowProductionWrites) {
    throw new RunRefusedError(
      'the profile targets production with allowWrites: true; add --allow-production-writes to run write checks there, or set allowWrites: false',
    );
  }
}
