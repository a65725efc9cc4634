// POST /token?grant_type=password|refresh_token
import type { Ctx } from '../context.ts';
import { badRequest, sendJSON, unprocessable } from '../errors.ts';
import { readParams, str } from '../http.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { findUserByEmail, isBanned, isConfirmed } from '../store/users.ts';
import { issueSession, refreshTokenGrant } from '../tokens.ts';

const INVALID_LOGIN = 'Invalid login credentials';

// Unknown addresses still pay for one bcrypt comparison, so response time does not tell an
// attacker which addresses have accounts.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-just-timing'));

export async function token(ctx: Ctx): Promise<void> {
  const grantType = ctx.query.get('grant_type') ?? '';
  const { cfg, limiter } = ctx.svc;
  const { limits } = cfg;
  switch (grantType) {
    case 'password':
      limiter.enforce(`signin:ip:${ctx.ip}`, limits.signInPerIpPerWindow, limits.windowSeconds);
      return passwordGrant(ctx);
    case 'refresh_token': {
      limiter.enforce(
        `refresh:ip:${ctx.ip}`,
        limits.tokenRefreshPerIpPerWindow,
        limits.windowSeconds,
      );
      const p = await readParams(ctx.req);
      sendJSON(ctx.res, 200, await refreshTokenGrant(ctx, str(p, 'refresh_token')));
      return;
    }
    default:
      // GoTrue's answer for grants it does not know (PKCE, id_token and web3 are not offered
      // by this local server).
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}

async function passwordGrant(ctx: Ctx): Promise<void> {
  const { cfg, limiter } = ctx.svc;
  const p = await readParams(ctx.req);
  const email = str(p, 'email');
  const phone = str(p, 'phone');
  const password = str(p, 'password');

  if (email && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw badRequest('validation_failed', 'missing email or phone');

  // Per-address limit: slows password guessing against one account from many addresses.
  limiter.enforce(
    `signin:email:${email.toLowerCase()}`,
    cfg.limits.signInPerEmailPerWindow,
    cfg.limits.windowSeconds,
  );

  const user = await findUserByEmail(cfg.pool, email);
  if (!user || !user.encrypted_password) {
    await verifyPassword(password, await getDummyHash());
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (isBanned(user, ctx.now)) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password))) {
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');

  sendJSON(ctx.res, 200, await issueSession(ctx, user, 'password'));
}
