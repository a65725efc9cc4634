// Sessions as the client sees them: creating one at sign-in, minting access tokens from the
// session's recorded methods, and the refresh-token grant with rotation and reuse detection.
import type pg from 'pg';
import type { Ctx } from './context.ts';
import { badRequest, OAuthError, AuthError } from './errors.ts';
import { signAccessToken } from './jwt.ts';
import { withTx, type Db } from './store/db.ts';
import {
  activeRefreshToken,
  addAmrClaim,
  aalAndAmr,
  revokeSessionRefreshTokens,
  findRefreshToken,
  findSession,
  insertRefreshToken,
  insertSession,
  revokeRefreshToken,
  touchSession,
} from './store/sessions.ts';
import { findUserById, isBanned, userJson, type UserRow } from './store/users.ts';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export async function mintAccessToken(
  ctx: Ctx,
  db: Db,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const { cfg } = ctx.svc;
  const { aal, amr } = await aalAndAmr(db, sessionId);
  const iat = Math.floor(ctx.now.getTime() / 1000);
  const exp = iat + cfg.jwtExpiry;
  const token = await signAccessToken(cfg.jwtSecret, {
    iss: cfg.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, expiresAt: exp, expiresIn: exp - iat };
}

async function buildResponse(
  ctx: Ctx,
  db: Db,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw new AuthError(500, 'unexpected_failure', 'User vanished while signing in');
  const { token, expiresAt, expiresIn } = await mintAccessToken(ctx, db, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

/**
 * Starts a new session for `user` inside the caller's transaction: session row, first refresh
 * token, the amr entry for `method`, last_sign_in_at. Returns the session response.
 */
export async function issueSessionIn(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
  method: string,
): Promise<SessionResponse> {
  const meta = { ip: ctx.ip, userAgent: ctx.userAgent };
  const sessionId = await insertSession(c, user.id, ctx.now, meta);
  const refreshToken = await insertRefreshToken(c, user.id, sessionId, null, ctx.now);
  await addAmrClaim(c, sessionId, method, ctx.now);
  await c.query(`update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1`, [
    user.id,
    ctx.now,
  ]);
  await c.query(
    `update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = 'email'`,
    [user.id, ctx.now],
  );
  return buildResponse(ctx, c, user.id, sessionId, refreshToken);
}

export function issueSession(ctx: Ctx, user: UserRow, method: string): Promise<SessionResponse> {
  return withTx(ctx.svc.cfg.pool, (c) => issueSessionIn(ctx, c, user, method));
}

/** Replaces the session's current refresh token (used after MFA raises the session to aal2). */
export async function rotateSessionIn(
  ctx: Ctx,
  c: pg.PoolClient,
  userId: string,
  sessionId: string,
): Promise<SessionResponse> {
  const current = await activeRefreshToken(c, sessionId);
  if (current) await revokeRefreshToken(c, current.id, ctx.now);
  const next = await insertRefreshToken(c, userId, sessionId, current?.token ?? null, ctx.now);
  return buildResponse(ctx, c, userId, sessionId, next);
}

/**
 * grant_type=refresh_token, as GoTrue does it. Each use revokes the presented token and issues
 * its child. A revoked token whose child is the session's active token gets that child again,
 * at any time; any other revoked token gets a new child within the reuse interval, and after
 * it every live token of the session is revoked and refresh_token_already_used returned.
 */
export async function refreshTokenGrant(ctx: Ctx, refreshToken: string): Promise<SessionResponse> {
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required');
  const { cfg } = ctx.svc;

  // The destroyed-session outcome must be committed even though we answer with an error,
  // so the transaction returns the error instead of throwing it.
  const outcome = await withTx(cfg.pool, async (c): Promise<SessionResponse | AuthError> => {
    const token = await findRefreshToken(c, refreshToken, true);
    if (!token) {
      return badRequest(
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    const session = token.session_id ? await findSession(c, token.session_id, true) : null;
    if (!session) {
      await c.query(`delete from auth.refresh_tokens where id = $1`, [token.id]);
      return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    const user = await findUserById(c, session.user_id);
    if (!user) return badRequest('user_not_found', 'Invalid Refresh Token: User Not Found');
    if (isBanned(user, ctx.now)) {
      return badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    }
    if (session.not_after && session.not_after.getTime() <= ctx.now.getTime()) {
      return badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }

    let issued: string | null = null;
    if (token.revoked) {
      const active = await activeRefreshToken(c, session.id);
      if (active && active.parent === token.token) {
        // The client lost the answer to its last refresh (or two tabs raced): same answer again.
        issued = active.token;
      } else if (
        ctx.now.getTime() >
        token.updated_at.getTime() + cfg.refreshTokenReuseInterval * 1000
      ) {
        // An older token replayed: treat it as stolen and end the chain. The session row stays,
        // so access tokens already issued live until they expire, as in GoTrue.
        await revokeSessionRefreshTokens(c, session.id, ctx.now);
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    }
    if (issued === null) {
      await revokeRefreshToken(c, token.id, ctx.now);
      issued = await insertRefreshToken(c, user.id, session.id, token.token, ctx.now);
    }
    await touchSession(c, session.id, ctx.now, { ip: ctx.ip, userAgent: ctx.userAgent });
    return buildResponse(ctx, c, user.id, session.id, issued);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
