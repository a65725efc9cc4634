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

/** Said on sign-in when an e-mail link comes back refused (used, expired or invalid). */
export const LINK_EXPIRED_TEXT =
  'This link has already been used or has expired. Sign in, or ask for a new link.';

/**
 * The sentence for an e-mail link Auth refused, read from the address it redirected to: GoTrue
 * (and local/auth) write `#error=access_denied&error_code=otp_expired&error_description=…`.
 */
export function linkErrorFrom(hash: string, search = ''): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const code = params.get('error_code') ?? query.get('error_code');
  const error = params.get('error') ?? query.get('error');
  if (!code && !error) return undefined;
  return LINK_EXPIRED_TEXT;
}

// Read once at start-up: supabase-js may tidy the address before the sign-in page renders.
const arrivedWith =
  typeof window === 'undefined'
    ? undefined
    : linkErrorFrom(window.location.hash, window.location.search);

/** The refused-link sentence this visit arrived with, if any. */
export function linkErrorOnArrival(): string | undefined {
  return arrivedWith;
}
