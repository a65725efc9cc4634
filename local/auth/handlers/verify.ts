// GET /verify (the link in the mail: redirects with the session in the URL fragment) and
// POST /verify (token_hash, or e-mail + six-digit code: answers the session as JSON).
import type pg from 'pg';
import type { Ctx } from '../context.ts';
import {
  AuthError,
  badRequest,
  emailExists,
  forbidden,
  sendJSON,
  unprocessable,
} from '../errors.ts';
import { readParams, str } from '../http.ts';
import { tokenHash } from '../mail.ts';
import { isUniqueViolation, withTx } from '../store/db.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByToken as findByToken,
  isBanned,
  updateIdentityData,
  type UserRow,
} from '../store/users.ts';
import { authMethodForType, issueAuthCode, PKCE_PREFIX } from '../pkce.ts';
import { limitClient } from '../rate-limit.ts';
import { issueSessionIn } from '../tokens.ts';
import { safeRedirect, validateEmail } from '../validate.ts';

const EMAIL_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'];
const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** What a verified token did: completed (sign the user in) or half of an e-mail change. */
type Outcome = { kind: 'user'; user: UserRow; type: string } | { kind: 'single' };

/** A stored token matches a presented hash with or without the PKCE prefix. */
const sameToken = (stored: string | null, hash: string): boolean =>
  !!stored && !!hash && (stored === hash || stored === PKCE_PREFIX + hash);

function sentAtFor(u: UserRow, type: string): Date | null {
  if (type === 'recovery' || type === 'magiclink') return u.recovery_sent_at;
  if (type === 'email_change') return u.email_change_sent_at;
  return u.confirmation_sent_at;
}

function expired(ctx: Ctx, sentAt: Date | null): boolean {
  return !sentAt || sentAt.getTime() + ctx.svc.cfg.otpExpirySeconds * 1000 < ctx.now.getTime();
}

/** Finds the user a link's token hash belongs to. Returns the effective verification type. */
async function userByHash(
  ctx: Ctx,
  c: pg.PoolClient,
  type: string,
  hash: string,
): Promise<{ user: UserRow; type: string }> {
  // token_hash from verifyOtp may come without the "pkce_" prefix the stored token has.
  const findUserByToken = async (column: Parameters<typeof findByToken>[1], h: string) =>
    (await findByToken(c, column, h)) ??
    (h.startsWith(PKCE_PREFIX) ? null : await findByToken(c, column, PKCE_PREFIX + h));
  let user: UserRow | null;
  let effective = type;
  if (type === 'email') {
    user = await findUserByToken('confirmation_token', hash);
    effective = 'signup';
    if (!user) {
      user = await findUserByToken('recovery_token', hash);
      effective = 'magiclink';
    }
  } else if (type === 'signup' || type === 'invite') {
    user = await findUserByToken('confirmation_token', hash);
  } else if (type === 'recovery' || type === 'magiclink') {
    user = await findUserByToken('recovery_token', hash);
  } else if (type === 'email_change') {
    user =
      (await findUserByToken('email_change_token_new', hash)) ??
      (await findUserByToken('email_change_token_current', hash));
  } else {
    throw badRequest('validation_failed', 'Invalid email verification type');
  }
  if (!user) throw forbidden('otp_expired', 'Email link is invalid or has expired');
  if (isBanned(user, ctx.now)) throw forbidden('user_banned', 'User is banned');
  if (expired(ctx, sentAtFor(user, effective))) {
    throw forbidden('otp_expired', 'Email link is invalid or has expired');
  }
  return { user, type: effective };
}

/** Finds the user for an e-mail + code pair (GoTrue's verifyUserAndToken). */
async function userByCode(
  ctx: Ctx,
  c: pg.PoolClient,
  type: string,
  email: string,
  code: string,
): Promise<{ user: UserRow; type: string }> {
  const invalid = () => forbidden('otp_expired', 'Token has expired or is invalid');
  if (type === 'email_change') {
    const r = await c.query<{ id: string }>(
      `select id from auth.users
        where (lower(email_change) = $1 and email_change_token_new in ($2, $3))
           or (lower(email) = $1 and email_change_token_current in ($2, $3))
        limit 1`,
      [email, tokenHash(email, code), PKCE_PREFIX + tokenHash(email, code)],
    );
    const id = r.rows[0]?.id;
    const user = id ? await findUserById(c, id, true) : null;
    if (!user || expired(ctx, user.email_change_sent_at)) throw invalid();
    return { user, type };
  }
  const found = await findUserByEmail(c, email);
  const user = found ? await findUserById(c, found.id, true) : null;
  if (!user) throw invalid();
  if (isBanned(user, ctx.now)) throw forbidden('user_banned', 'User is banned');
  const hash = tokenHash(user.email ?? email, code);
  const matches = (stored: string | null, sentAt: Date | null) =>
    sameToken(stored, hash) && !expired(ctx, sentAt);
  if (type === 'email') {
    if (matches(user.confirmation_token, user.confirmation_sent_at))
      return { user, type: 'signup' };
    if (matches(user.recovery_token, user.recovery_sent_at)) return { user, type: 'magiclink' };
    throw invalid();
  }
  if (type === 'signup' || type === 'invite') {
    if (matches(user.confirmation_token, user.confirmation_sent_at)) return { user, type };
    throw invalid();
  }
  if (type === 'recovery' || type === 'magiclink') {
    if (matches(user.recovery_token, user.recovery_sent_at)) return { user, type };
    throw invalid();
  }
  throw badRequest('validation_failed', 'Unsupported verification type');
}

async function confirmEmail(ctx: Ctx, c: pg.PoolClient, user: UserRow): Promise<void> {
  await c.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2),
        confirmation_token = '', updated_at = $2
      where id = $1`,
    [user.id, ctx.now],
  );
  await updateIdentityData(c, user.id, 'email', { email_verified: true }, ctx.now);
}

/** Applies what the verified link or code means (confirm, clear, change the address). */
async function apply(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
  type: string,
  hash: string,
): Promise<Outcome> {
  if (type === 'signup' || type === 'invite') {
    await confirmEmail(ctx, c, user);
  } else if (type === 'recovery' || type === 'magiclink') {
    await c.query(
      `update auth.users set recovery_token = '', recovery_sent_at = null, updated_at = $2 where id = $1`,
      [user.id, ctx.now],
    );
    if (!user.email_confirmed_at) await confirmEmail(ctx, c, user);
  } else if (type === 'email_change') {
    const secure = !ctx.svc.cfg.autoconfirm && (user.email ?? '') !== '';
    if (secure && (user.email_change_confirm_status ?? 0) === 0) {
      // First of the two links: remember it and wait for the other one.
      const column = sameToken(user.email_change_token_current, hash)
        ? 'email_change_token_current'
        : 'email_change_token_new';
      await c.query(
        `update auth.users set email_change_confirm_status = 1, ${column} = '' where id = $1`,
        [user.id],
      );
      return { kind: 'single' };
    }
    const newEmail = user.email_change ?? '';
    try {
      await c.query(
        `update auth.users set email = $2, email_confirmed_at = $3, email_change = '',
            email_change_token_new = '', email_change_token_current = '',
            email_change_confirm_status = 0, email_change_sent_at = null, updated_at = $3
          where id = $1`,
        [user.id, newEmail, ctx.now],
      );
    } catch (e) {
      if (isUniqueViolation(e)) {
        throw emailExists();
      }
      throw e;
    }
    await updateIdentityData(
      c,
      user.id,
      'email',
      { email: newEmail, email_verified: true },
      ctx.now,
    );
  }
  const fresh = await findUserById(c, user.id);
  if (!fresh) throw forbidden('user_not_found', 'User not found');
  return { kind: 'user', user: fresh, type };
}

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Go's url.Values.Encode(): keys sorted, form encoding. */
function encodeSorted(values: Record<string, string>): string {
  const q = new URLSearchParams();
  for (const k of Object.keys(values).sort()) q.set(k, values[k] ?? '');
  return q.toString();
}

function redirect(ctx: Ctx, location: string): void {
  ctx.res.statusCode = 303;
  ctx.res.setHeader('Location', location);
  ctx.res.end();
}

/** Adds parameters to a URL's query string (PKCE redirects carry ?code= and errors there). */
function withQuery(base: string, values: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  return url.toString();
}

export async function verifyGet(ctx: Ctx): Promise<void> {
  limitClient(ctx, 'verify');
  const type = ctx.query.get('type') ?? '';
  const token = ctx.query.get('token') ?? '';
  const redirectTo = safeRedirect(ctx.svc.cfg, ctx.query.get('redirect_to'));
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  if (!EMAIL_TYPES.includes(type)) {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }
  const base = redirectTo.split('#')[0] ?? redirectTo;
  // Links sent for requests that carried a code challenge finish with ?code= (PKCE); the rest
  // put the session itself in the fragment (implicit flow).
  const pkce = token.startsWith(PKCE_PREFIX);
  let done:
    | { kind: 'single' }
    | { kind: 'code'; code: string }
    | { kind: 'session'; session: Awaited<ReturnType<typeof issueSessionIn>> };
  try {
    done = await withTx(ctx.svc.cfg.pool, async (c) => {
      const found = await userByHash(ctx, c, type, token);
      const outcome = await apply(ctx, c, found.user, found.type, token);
      if (outcome.kind === 'single') return outcome;
      if (pkce) {
        const code = await issueAuthCode(ctx, c, outcome.user.id, authMethodForType(outcome.type));
        return { kind: 'code' as const, code };
      }
      return {
        kind: 'session' as const,
        session: await issueSessionIn(ctx, c, outcome.user, 'otp'),
      };
    });
  } catch (e) {
    if (!(e instanceof AuthError)) throw e;
    // Errors travel back to the app in the fragment (and for PKCE the query too), as GoTrue
    // does, so the SPA can show them.
    const err: Record<string, string> = {
      error_code: e.errorCode,
      error_description: e.message,
    };
    const oauth = OAUTH_ERROR[e.status];
    if (oauth) err.error = oauth;
    const target = pkce ? withQuery(base, err) : base;
    redirect(ctx, `${target}#${encodeSorted({ ...err, sb: '' })}`);
    return;
  }
  if (done.kind === 'single') {
    const target = pkce ? withQuery(base, { message: SINGLE_CONFIRMATION }) : base;
    redirect(ctx, `${target}#${encodeSorted({ message: SINGLE_CONFIRMATION, sb: '' })}`);
    return;
  }
  if (done.kind === 'code') {
    redirect(ctx, withQuery(base, { code: done.code }));
    return;
  }
  const s = done.session;
  redirect(
    ctx,
    `${base}#${encodeSorted({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      sb: '',
      token_type: s.token_type,
      type,
    })}`,
  );
}

export async function verifyPost(ctx: Ctx): Promise<void> {
  limitClient(ctx, 'verify');
  // Boilerplate: each endpoint reads its own named fields; a shared reader would hide which is which.
  const p = await readParams(ctx.req);
  const type = str(p, 'type');
  const token = str(p, 'token');
  const hashParam = str(p, 'token_hash');
  const rawEmail = str(p, 'email');
  const phone = str(p, 'phone');
  const redirectTo = str(p, 'redirect_to');

  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((token === '' && hashParam === '') || (token !== '' && hashParam !== '')) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  let email = '';
  if (token) {
    if (phone && !rawEmail) throw forbidden('otp_expired', 'Token has expired or is invalid');
    if (!rawEmail || phone) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    try {
      email = validateEmail(rawEmail);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (rawEmail || phone || redirectTo) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  if (!EMAIL_TYPES.includes(type)) {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }

  const done = await withTx(ctx.svc.cfg.pool, async (c) => {
    const found = token
      ? await userByCode(ctx, c, type, email, token)
      : await userByHash(ctx, c, type, hashParam);
    const matchedHash = token ? tokenHash(email, token) : hashParam;
    const outcome = await apply(ctx, c, found.user, found.type, matchedHash);
    // POST /verify answers the session directly in both flows, as GoTrue does.
    if (outcome.kind === 'single') return outcome;
    return { kind: 'session' as const, session: await issueSessionIn(ctx, c, outcome.user, 'otp') };
  });
  if (done.kind === 'single') {
    sendJSON(ctx.res, 200, { msg: SINGLE_CONFIRMATION, code: '200' });
    return;
  }
  sendJSON(ctx.res, 200, done.session);
}
