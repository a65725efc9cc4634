/**
 * 404 (user gone), 401 (token already invalid) and 403 from the logout endpoint all mean the
 * server no longer holds this session: the user is signed out as far as anyone can tell.
 */
export function isIgnorableSignOutError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const status = (error as { status: unknown }).status;
  return status === 401 || status === 403 || status === 404;
}
