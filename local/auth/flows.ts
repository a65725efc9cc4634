// The mail-backed flows several endpoints share: confirmation, recovery / magic link,
// e-mail change and reauthentication. Each stores only the hash of its code and respects the
// per-user send frequency.
import type pg from 'pg';
import type { Ctx } from './context.ts';
import { checkSendFrequency, generateOtp, sendAuthMail, tokenHash, verifyUrl } from './mail.ts';
import { createFlowState, PKCE_PREFIX, type PkceParams } from './pkce.ts';
import type { UserRow } from './store/users.ts';

/** Stores a flow state for a PKCE request and returns the token prefix its links carry. */
async function flowPrefix(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
  pkce: PkceParams | null,
  authenticationMethod: string,
): Promise<string> {
  if (!pkce) return '';
  await createFlowState(c, user.id, pkce, authenticationMethod, ctx.now);
  return PKCE_PREFIX;
}

export async function sendConfirmation(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
  redirectTo: string,
  pkce: PkceParams | null = null,
): Promise<void> {
  checkSendFrequency(ctx, user.confirmation_sent_at);
  const email = user.email ?? '';
  const otp = generateOtp();
  const hash = (await flowPrefix(ctx, c, user, pkce, 'email/signup')) + tokenHash(email, otp);
  await c.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = $3 where id = $1`,
    [user.id, hash, ctx.now],
  );
  await sendAuthMail(ctx, email, 'signup', {
    otp,
    email,
    data: user.raw_user_meta_data,
    redirectTo,
    link: verifyUrl(ctx, hash, 'signup', redirectTo),
  });
}

/** Recovery and magic-link mails share the recovery_token column, as in GoTrue. */
export async function sendRecovery(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
  kind: 'recovery' | 'magiclink',
  redirectTo: string,
  pkce: PkceParams | null = null,
): Promise<void> {
  checkSendFrequency(ctx, user.recovery_sent_at);
  const email = user.email ?? '';
  const otp = generateOtp();
  const hash = (await flowPrefix(ctx, c, user, pkce, kind)) + tokenHash(email, otp);
  await c.query(`update auth.users set recovery_token = $2, recovery_sent_at = $3 where id = $1`, [
    user.id,
    hash,
    ctx.now,
  ]);
  await sendAuthMail(ctx, email, kind, {
    otp,
    email,
    data: user.raw_user_meta_data,
    redirectTo,
    link: verifyUrl(ctx, hash, kind, redirectTo),
  });
}

/**
 * Secure e-mail change (GoTrue's default, double_confirm_changes): a link to the new address
 * and one to the current address; the change applies once both are followed.
 */
export async function sendEmailChange(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  pkce: PkceParams | null = null,
): Promise<void> {
  checkSendFrequency(ctx, user.email_change_sent_at);
  const current = user.email ?? '';
  const prefix = await flowPrefix(ctx, c, user, pkce, 'email_change');
  const otpNew = generateOtp();
  const hashNew = prefix + tokenHash(newEmail, otpNew);
  const otpCurrent = current ? generateOtp() : '';
  const hashCurrent = current ? prefix + tokenHash(current, otpCurrent) : '';
  await c.query(
    `update auth.users set email_change = $2, email_change_token_new = $3,
        email_change_token_current = $4, email_change_confirm_status = 0,
        email_change_sent_at = $5
      where id = $1`,
    [user.id, newEmail, hashNew, hashCurrent, ctx.now],
  );
  await sendAuthMail(ctx, newEmail, 'email_change', {
    otp: otpNew,
    email: current,
    newEmail,
    link: verifyUrl(ctx, hashNew, 'email_change', redirectTo),
  });
  if (current) {
    await sendAuthMail(ctx, current, 'email_change', {
      otp: otpCurrent,
      email: current,
      newEmail,
      link: verifyUrl(ctx, hashCurrent, 'email_change', redirectTo),
    });
  }
}

/** An admin's invitation: a confirmation link that also marks the user as invited. */
export async function sendInvite(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
  redirectTo: string,
): Promise<void> {
  const email = user.email ?? '';
  const otp = generateOtp();
  const hash = tokenHash(email, otp);
  await c.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = $3, invited_at = $3
      where id = $1`,
    [user.id, hash, ctx.now],
  );
  await sendAuthMail(ctx, email, 'invite', {
    otp,
    email,
    data: user.raw_user_meta_data,
    redirectTo,
    link: verifyUrl(ctx, hash, 'invite', redirectTo),
  });
}

export async function sendReauthentication(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
): Promise<void> {
  checkSendFrequency(ctx, user.reauthentication_sent_at);
  const email = user.email ?? '';
  const otp = generateOtp();
  await c.query(
    `update auth.users set reauthentication_token = $2, reauthentication_sent_at = $3 where id = $1`,
    [user.id, tokenHash(email, otp), ctx.now],
  );
  await sendAuthMail(ctx, email, 'reauthentication', { otp, email });
}
