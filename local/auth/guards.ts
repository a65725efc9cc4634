// Who is calling: the bearer token checks GoTrue runs before user, logout, factor and admin
// endpoints. The gateway has already checked the apikey header; these check Authorization.
import type { Ctx } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';
import { bearerToken } from './http.ts';
import { verifyAccessToken, type AccessTokenClaims } from './jwt.ts';
import { findSession, type SessionRow } from './store/sessions.ts';
import { findUserById, isBanned, type UserRow } from './store/users.ts';
import { isUuid } from './validate.ts';

export interface Caller {
  claims: AccessTokenClaims;
  user: UserRow;
  session: SessionRow | null;
}

async function claimsFromBearer(ctx: Ctx): Promise<AccessTokenClaims> {
  const token = bearerToken(ctx.req);
  if (!token) {
    throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  }
  return verifyAccessToken(ctx.svc.cfg.jwtSecret, token, ctx.now);
}

/** A signed-in user: valid JWT, existing user, and (when the token names one) a live session. */
export async function requireUser(ctx: Ctx): Promise<Caller> {
  const claims = await claimsFromBearer(ctx);
  const db = ctx.svc.cfg.pool;
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) {
    throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await findUserById(db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  let session: SessionRow | null = null;
  const sid = claims.session_id;
  if (sid && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sid)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session = await findSession(db, sid);
    // Signed-out sessions are deleted, so their still-unexpired access tokens stop working
    // here (supabase-js maps this code to AuthSessionMissingError).
    if (!session || session.user_id !== user.id) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  if (isBanned(user, ctx.now)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, session };
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** /admin/* needs a token whose role is service_role (GoTrue's JWT admin roles). */
export async function requireAdmin(ctx: Ctx): Promise<AccessTokenClaims> {
  const claims = await claimsFromBearer(ctx);
  if (!claims.role || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
