import { DataError, toDataError } from '../errors';

/**
 * An error of supabase-js's Auth client as the project's DataError: the seller-readable
 * sentence, Auth's error code ('invalid_credentials', 'weak_password', …) and its HTTP status,
 * so no screen reads Auth's own error shapes.
 */
export function toAuthError(error: unknown, fallback?: string): DataError {
  const made = toDataError(error, fallback);
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (made.network || typeof status !== 'number' || made.status !== undefined) return made;
  return new DataError(made.message, {
    code: made.code,
    status,
    body: made.body,
    cause: error,
  });
}
