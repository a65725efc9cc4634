// Endpoints that only send mail: POST /recover, POST /otp (e-mail magic link / code),
// POST /resend, GET /reauthenticate. Unknown addresses get the same empty 200 as known ones,
// so these endpoints do not reveal who has an account.
import type pg from 'pg';
import type { Ctx } from '../context.ts';
import { badRequest, internal, sendJSON, unprocessable } from '../errors.ts';
import { sendConfirmation, sendEmailChange, sendReauthentication, sendRecovery } from '../flows.ts';
import { requireUser } from '../guards.ts';
import { bool, obj, readParams, str, type Params } from '../http.ts';
import { hashPassword } from '../passwords.ts';
import { isUniqueViolation, withTx } from '../store/db.ts';
import {
  findUserByEmail,
  findUserById,
  insertEmailUser,
  isConfirmed,
  type UserRow,
} from '../store/users.ts';
import { newRefreshTokenString } from '../store/sessions.ts';
import { pkceParams, type PkceParams } from '../pkce.ts';
import { limitClient } from '../rate-limit.ts';
import { safeRedirect, validateEmail } from '../validate.ts';

/** The address, PKCE pair and return address every mail request carries, checked. */
function mailRequest(
  ctx: Ctx,
  p: Params,
  rawEmail: string,
): { email: string; pkce: PkceParams | null; redirectTo: string } {
  return {
    email: validateEmail(rawEmail),
    pkce: pkceParams(p),
    redirectTo: safeRedirect(ctx.svc.cfg, ctx.query.get('redirect_to')),
  };
}

/** Mails the account locked for the transaction, if it still exists. */
async function withLockedAccount(
  ctx: Ctx,
  userId: string,
  send: (c: pg.PoolClient, user: UserRow) => Promise<void>,
): Promise<void> {
  await withTx(ctx.svc.cfg.pool, async (c) => {
    const locked = await findUserById(c, userId, true);
    if (locked) await send(c, locked);
  });
}

/** Mails the account at the address, if there is one; an unknown address is quietly skipped. */
async function withAccountAt(
  ctx: Ctx,
  email: string,
  send: (c: pg.PoolClient, user: UserRow) => Promise<void>,
): Promise<void> {
  const user = await findUserByEmail(ctx.svc.cfg.pool, email);
  if (user) await withLockedAccount(ctx, user.id, send);
}

export async function recover(ctx: Ctx): Promise<void> {
  limitClient(ctx, 'recover');
  const p = await readParams(ctx.req);
  const raw = str(p, 'email');
  if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email');
  const { email, pkce, redirectTo } = mailRequest(ctx, p, raw);
  await withAccountAt(ctx, email, (c, user) =>
    sendRecovery(ctx, c, user, 'recovery', redirectTo, pkce),
  );
  sendJSON(ctx.res, 200, {});
}

export async function otp(ctx: Ctx): Promise<void> {
  limitClient(ctx, 'otp');
  const p = await readParams(ctx.req);
  const raw = str(p, 'email');
  const phone = str(p, 'phone');
  const createUser = bool(p, 'create_user', true);
  const data = obj(p, 'data') ?? {};
  if (raw && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided',
    );
  }
  // GoTrue's SMS OTP answer with no SMS provider configured.
  if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!raw) throw badRequest('validation_failed', 'One of email or phone must be set');
  const { email, pkce, redirectTo } = mailRequest(ctx, p, raw);
  const { cfg } = ctx.svc;

  const existing = await findUserByEmail(cfg.pool, email);
  if (!existing && !createUser) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  }
  // An address without a confirmed account goes through sign-up in GoTrue, which may be off.
  if (cfg.disableSignup && !(existing && isConfirmed(existing))) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }
  // Passwordless sign-up: the account gets a random password nobody knows, as in GoTrue.
  const passwordHash = existing ? null : await hashPassword(newRefreshTokenString().slice(0, 33));

  await withTx(cfg.pool, async (c) => {
    let userId = existing?.id;
    if (!userId) {
      try {
        userId = await insertEmailUser(c, {
          email,
          passwordHash,
          userMetadata: data,
          now: ctx.now,
          identityExtra: data,
        });
      } catch (e) {
        if (isUniqueViolation(e)) return;
        throw internal('Database error saving new user');
      }
    }
    const user = await findUserById(c, userId, true);
    if (!user) return;
    if (isConfirmed(user) || cfg.autoconfirm) {
      await sendRecovery(ctx, c, user, 'magiclink', redirectTo, pkce);
    } else {
      // An unconfirmed address gets the sign-up confirmation, which also signs the user in.
      await sendConfirmation(ctx, c, user, redirectTo, pkce);
    }
  });
  sendJSON(ctx.res, 200, {});
}

export async function resend(ctx: Ctx): Promise<void> {
  limitClient(ctx, 'resend');
  const p = await readParams(ctx.req);
  const type = str(p, 'type');
  const raw = str(p, 'email');
  const phone = str(p, 'phone');
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  if (!raw && type === 'signup') {
    throw badRequest('validation_failed', 'Type provided requires an email address');
  }
  if (raw && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided.',
    );
  }
  if (phone || type === 'sms' || type === 'phone_change') {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!raw) throw badRequest('validation_failed', 'Missing email address or phone number');
  const { email, pkce, redirectTo } = mailRequest(ctx, p, raw);
  await withAccountAt(ctx, email, async (c, user) => {
    if (type === 'signup' && !isConfirmed(user)) {
      await sendConfirmation(ctx, c, user, redirectTo, pkce);
    } else if (type === 'email_change' && user.email_change) {
      await sendEmailChange(ctx, c, user, user.email_change, redirectTo, pkce);
    }
  });
  sendJSON(ctx.res, 200, {});
}

export async function reauthenticate(ctx: Ctx): Promise<void> {
  const { user } = await requireUser(ctx);
  if (!user.email) {
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!isConfirmed(user)) {
    throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  }
  await withLockedAccount(ctx, user.id, (c, locked) => sendReauthentication(ctx, c, locked));
  sendJSON(ctx.res, 200, {});
}
