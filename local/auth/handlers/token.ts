// POST /token?grant_type=password|refresh_token
import type { Ctx } from '../context.ts';
import { badRequest, notFound, sendJSON, unprocessable } from '../errors.ts';
import { readParams, str } from '../http.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { consumeAuthCode } from '../pkce.ts';
import { limitClient } from '../rate-limit.ts';
import { idTokenGrant } from './disabled.ts';
import { withTx } from '../store/db.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed } from '../store/users.ts';
import { issueSession, issueSessionIn, refreshTokenGrant } from '../tokens.ts';

const INVALID_LOGIN = 'Invalid login credentials';

// Unknown addresses still pay for one bcrypt comparison, so response time does not tell an
// attacker which addresses have accounts.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-just-timing'));

export async function token(ctx: Ctx): Promise<void> {
  const grantType = ctx.query.get('grant_type') ?? '';
  switch (grantType) {
    case 'password':
      limitClient(ctx, 'token');
      return passwordGrant(ctx);
    case 'refresh_token': {
      limitClient(ctx, 'token');
      const p = await readParams(ctx.req);
      sendJSON(ctx.res, 200, await refreshTokenGrant(ctx, str(p, 'refresh_token')));
      return;
    }
    case 'pkce':
      limitClient(ctx, 'token');
      return pkceGrant(ctx);
    case 'id_token':
      limitClient(ctx, 'token');
      return idTokenGrant(ctx);
    case 'web3':
      // No web3 limiter (GoTrue's RATE_LIMIT_WEB3): nothing stands behind this answer.
      throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}

async function passwordGrant(ctx: Ctx): Promise<void> {
  const { cfg } = ctx.svc;
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

/** grant_type=pkce: the auth code from a PKCE link plus the verifier only the requester holds. */
async function pkceGrant(ctx: Ctx): Promise<void> {
  const p = await readParams(ctx.req);
  const authCode = str(p, 'auth_code');
  const verifier = str(p, 'code_verifier');
  if (!authCode || !verifier) {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const session = await withTx(ctx.svc.cfg.pool, async (c) => {
    const { userId, method } = await consumeAuthCode(ctx, c, authCode, verifier);
    const user = await findUserById(c, userId);
    if (!user) throw notFound('user_not_found', 'User not found');
    if (isBanned(user, ctx.now)) throw badRequest('user_banned', 'User is banned');
    return issueSessionIn(ctx, c, user, method);
  });
  sendJSON(ctx.res, 200, session);
}
