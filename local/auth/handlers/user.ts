// GET /user and PUT /user (e-mail, password, user metadata).
import type { Ctx } from '../context.ts';
import {
  badRequest,
  emailExists,
  forbidden,
  sendJSON,
  unauthorized,
  unprocessable,
} from '../errors.ts';
import { sendEmailChange } from '../flows.ts';
import { requireUser } from '../guards.ts';
import { obj, optStr, readParams, str } from '../http.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../passwords.ts';
import { withTx } from '../store/db.ts';
import { hasVerifiedFactor } from '../store/factors.ts';
import { deleteUserSessions } from '../store/sessions.ts';
import { findUserByEmail, findUserById, mergeMetadata, userJson } from '../store/users.ts';
import { pkceParams } from '../pkce.ts';
import { limitClient } from '../rate-limit.ts';
import { safeRedirect, validateEmail } from '../validate.ts';

export async function getUser(ctx: Ctx): Promise<void> {
  const { user, claims } = await requireUser(ctx);
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (aud !== (user.aud ?? 'authenticated')) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  sendJSON(ctx.res, 200, await userJson(ctx.svc.cfg.pool, user));
}

export async function updateUser(ctx: Ctx): Promise<void> {
  const { cfg } = ctx.svc;
  const { user, session } = await requireUser(ctx);
  limitClient(ctx, 'user');
  const p = await readParams(ctx.req);
  const rawEmail = str(p, 'email');
  const phone = str(p, 'phone');
  const password = optStr(p, 'password');
  const data = obj(p, 'data');
  const appData = obj(p, 'app_metadata');
  const pkce = pkceParams(p);

  const email = rawEmail ? validateEmail(rawEmail) : '';
  if (password !== undefined) checkPasswordStrength(password, cfg.minPasswordLength);
  if (appData) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');

  const changingEmail = email !== '' && email !== (user.email ?? '').toLowerCase();
  const changingPassword = password !== undefined && password !== '';
  if (
    (changingEmail || changingPassword) &&
    session?.aal !== 'aal2' &&
    (await hasVerifiedFactor(cfg.pool, user.id))
  ) {
    throw unauthorized(
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (changingEmail) {
    const other = await findUserByEmail(cfg.pool, email);
    if (other && other.id !== user.id) {
      throw emailExists();
    }
  }
  let newHash: string | null = null;
  if (changingPassword) {
    if (await verifyPassword(password, user.encrypted_password)) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      );
    }
    newHash = await hashPassword(password);
  }
  const redirectTo = safeRedirect(cfg, ctx.query.get('redirect_to'));

  const body = await withTx(cfg.pool, async (c) => {
    const locked = await findUserById(c, user.id, true);
    if (!locked) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    if (newHash) {
      // A new password invalidates outstanding mailed links and every other session, as in
      // GoTrue: whoever knew the old password should not stay signed in.
      await c.query(
        `update auth.users set encrypted_password = $2, confirmation_token = '',
            confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
            email_change_token_current = '', email_change_token_new = '',
            email_change_sent_at = null, reauthentication_token = '',
            reauthentication_sent_at = null, updated_at = $3
          where id = $1`,
        [user.id, newHash, ctx.now],
      );
      await deleteUserSessions(c, user.id, session?.id);
    }
    if (data) {
      await c.query(
        `update auth.users set raw_user_meta_data = $2, updated_at = $3 where id = $1`,
        [user.id, JSON.stringify(mergeMetadata(locked.raw_user_meta_data, data)), ctx.now],
      );
    }
    if (changingEmail) {
      const current = (await findUserById(c, user.id)) ?? locked;
      await sendEmailChange(ctx, c, current, email, redirectTo, pkce);
    }
    const fresh = (await findUserById(c, user.id)) ?? locked;
    return userJson(c, fresh);
  });
  sendJSON(ctx.res, 200, body);
}
