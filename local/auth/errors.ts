// Errors in the shapes the real Supabase Auth server (GoTrue) sends, so supabase-js turns them
// into the same AuthApiError / AuthWeakPasswordError / AuthSessionMissingError it would in
// production.
//
// GoTrue picks the body shape from the request's `X-Supabase-Api-Version` header:
//   - version >= 2024-01-01 (supabase-js always sends it): {"code": "<error_code>", "message": "..."}
//     and echoes the header back; auth-js reads `code` only when the response carries that header.
//   - no header (older clients, curl):                      {"code": 400, "error_code": "...", "msg": "..."}
// Both carry the `x-sb-error-code` response header.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** extra top-level fields, e.g. weak_password: { reasons } */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** OAuth2-style error ({error, error_description}); GoTrue uses it for the refresh grant. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const unauthorized = (code: string, msg: string) => new AuthError(401, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const tooMany = (code: string, msg: string) => new AuthError(429, code, msg);
export const internal = (msg: string) => new AuthError(500, 'unexpected_failure', msg);

/** GoTrue's answer when the address already belongs to an account. */
export const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

export function weakPassword(message: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
}

/** True when the client asked for the 2024-01-01 API (any date on or after it, as GoTrue does). */
export function wantsApi2024(req: IncomingMessage): boolean {
  const raw = req.headers[API_VERSION_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && t >= Date.parse('2024-01-01T00:00:00Z');
}

export function sendJSON(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function sendError(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const v2024 = wantsApi2024(req);
  if (v2024) res.setHeader('X-Supabase-Api-Version', API_VERSION_2024);

  if (err instanceof OAuthError) {
    sendJSON(res, 400, { error: err.error, error_description: err.description });
    return;
  }
  const e =
    err instanceof AuthError
      ? err
      : internal('Unexpected failure, please check server logs for more information');
  if (!(err instanceof AuthError)) {
    // Log the cause for the developer; never the request body (it may hold passwords).
    console.error('[auth] unexpected error:', err instanceof Error ? err.stack : err);
  }
  res.setHeader('x-sb-error-code', e.errorCode);
  const body = v2024
    ? { code: e.errorCode, message: e.message, ...e.extra }
    : { code: e.status, error_code: e.errorCode, msg: e.message, ...e.extra };
  sendJSON(res, e.status, body);
}
