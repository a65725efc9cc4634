/**
 * Sending a signed-out visitor to /login and back to the page they asked for. The target rides
 * in the query string (not router state) so it survives a reload of the login page, and is
 * checked so that a crafted link cannot bounce a user to another site after sign-in.
 */
export const DEFAULT_AFTER_LOGIN = '/dashboard/inventory';
export const REDIRECT_PARAM = 'redirectTo';

export function isSafeRedirect(target: string | null | undefined): target is string {
  if (!target) return false;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  // Control characters could smuggle a scheme past the checks above in some parsers.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(target)) return false;
  const path = target.split(/[?#]/)[0] ?? '';
  // Going "back" to the auth pages after signing in would be a loop.
  return !['/login', '/signup'].includes(path.replace(/\/+$/, ''));
}

/** The /login URL that returns to `location` after signing in. */
export function loginPathFor(location: {
  pathname: string;
  search?: string;
  hash?: string;
}): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (!isSafeRedirect(target)) return '/login';
  return `/login?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** Where to go once signed in, given the login page's query string. */
export function redirectTargetFrom(search: string): string {
  const target = new URLSearchParams(search).get(REDIRECT_PARAM);
  return isSafeRedirect(target) ? target : DEFAULT_AFTER_LOGIN;
}
