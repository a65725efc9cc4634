// Input rules shared by the handlers: e-mail and phone formats, UUIDs, redirect targets.
import { badRequest } from './errors.ts';
import type { ResolvedConfig } from './config.ts';

// The address syntax GoTrue accepts (its checkmail format check): a dot-atom local part and a
// hostname. Anything else, including quotes-and-semicolons SQL, is refused before any query.
// private.is_valid_email (supabase/schemas/80_team.sql) holds the same rule for invitations.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Validates and lower-cases an e-mail address; GoTrue's messages and codes. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

/** E.164 without the plus, as GoTrue stores phones. */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/[\s()+-]/g, '');
  if (!/^[1-9]\d{1,14}$/.test(formatted)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return formatted;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID_RE.test(s);

/**
 * Where to send the browser after a mailed link. GoTrue accepts redirect_to only when it
 * matches the site URL or the allow list, otherwise it falls back to the site URL. Locally we
 * also allow loopback hosts so dev servers on any port work.
 */
export function safeRedirect(config: ResolvedConfig, requested: string | null | undefined): string {
  if (!requested) return config.siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return config.siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return config.siteUrl;
  const allowedOrigins = [config.siteUrl, ...config.additionalRedirectUrls].flatMap((u) => {
    try {
      return [new URL(u).origin];
    } catch {
      return [];
    }
  });
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  // Kept exactly as given, as GoTrue keeps it (links and redirects carry the caller's text).
  return loopback || allowedOrigins.includes(url.origin) ? requested : config.siteUrl;
}
