/** An unreadable or invalid profile (docs/PROFILE.md): exit 2, naming the key; never carries a token value. */
export class ProfileError extends Error {
  readonly code = 'MFC_PROFILE';
  override name = 'ProfileError';
}
