// POST /admin/generate_link: the link and code a mail would carry, answered to the admin
// instead of mailed (GoTrue sends nothing from this endpoint), for every type GoTrue offers.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Ctx } from '../context.ts';
import { badRequest, emailExists, internal, notFound, sendJSON } from '../errors.ts';
import { requireAdmin } from '../guards.ts';
import { obj, readParams, str } from '../http.ts';
import { generateOtp, tokenHash, verifyUrl } from '../mail.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { withTx } from '../store/db.ts';
import {
  findUserByEmail,
  findUserById,
  insertEmailUser,
  isConfirmed,
  mergeMetadata,
  userJson,
  type UserRow,
} from '../store/users.ts';
import { safeRedirect, validateEmail } from '../validate.ts';

const TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const;
type LinkType = (typeof TYPES)[number];

/** Stores the hashed code where the link's type looks for it; returns the link's token. */
async function storeToken(
  ctx: Ctx,
  c: pg.PoolClient,
  user: UserRow,
  type: LinkType,
  hash: string,
  newEmail: string,
  otp: string,
): Promise<string> {
  const now = ctx.now;
  switch (type) {
    case 'magiclink':
    case 'recovery':
      await c.query(
        `update auth.users set recovery_token = $2, recovery_sent_at = $3 where id = $1`,
        [user.id, hash, now],
      );
      return hash;
    case 'invite':
    case 'signup':
      // Both are confirmation links; an invite also records when the user was invited.
      await c.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = $3,
            invited_at = case when $4 then $3 else invited_at end
          where id = $1`,
        [user.id, hash, now, type === 'invite'],
      );
      return hash;
    case 'email_change_current':
    case 'email_change_new': {
      // Only the asked-for side gets a new token, the other keeps what it had, as in GoTrue.
      const current = type === 'email_change_current';
      const token = current ? hash : tokenHash(newEmail, otp);
      const column = current ? 'email_change_token_current' : 'email_change_token_new';
      await c.query(
        `update auth.users set ${column} = $2, email_change = $3, email_change_sent_at = $4,
            email_change_confirm_status = 0 where id = $1`,
        [user.id, token, newEmail, now],
      );
      return token;
    }
  }
}

export async function generateLink(ctx: Ctx): Promise<void> {
  await requireAdmin(ctx);
  const p = await readParams(ctx.req);
  const { cfg } = ctx.svc;
  const email = validateEmail(str(p, 'email'));
  const requested = str(p, 'redirect_to');
  const redirectTo = safeRedirect(cfg, requested || ctx.query.get('redirect_to'));
  const data = obj(p, 'data') ?? {};
  let type = str(p, 'type') as LinkType;

  const existing = await findUserByEmail(cfg.pool, email);
  let passwordHash: string | null = null;
  if (!existing) {
    if (type === 'magiclink') {
      // A magic link for an unknown address signs up a user with a password nobody knows.
      type = 'signup';
      passwordHash = await hashPassword(randomBytes(48).toString('base64url'));
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw notFound('user_not_found', 'User with this email not found');
    } else if (type === 'signup') {
      const password = str(p, 'password');
      if (password === '')
        throw badRequest('validation_failed', 'Signup requires a valid password');
      checkPasswordStrength(password, cfg.minPasswordLength);
      passwordHash = await hashPassword(password);
    }
  }
  if (!TYPES.includes(type)) {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  }
  // GoTrue's secure e-mail change is what this server does whenever confirmations are on.
  if (type === 'email_change_current' && cfg.autoconfirm) {
    throw badRequest(
      'validation_failed',
      'Enable secure email change to generate link for current email',
    );
  }
  const newEmail = type.startsWith('email_change') ? validateEmail(str(p, 'new_email')) : '';
  const otp = generateOtp();
  const hash = tokenHash(email, otp);

  const result = await withTx(cfg.pool, async (c) => {
    let user = existing ? await findUserById(c, existing.id, true) : null;
    if ((type === 'signup' || type === 'invite') && user && isConfirmed(user)) throw emailExists();
    if (newEmail) {
      const other = await findUserByEmail(c, newEmail);
      if (other && other.id !== user?.id) throw emailExists();
    }
    if (!user) {
      const id = await insertEmailUser(c, {
        email,
        passwordHash,
        userMetadata: data,
        now: ctx.now,
      });
      user = await findUserById(c, id);
      if (!user) throw internal('Database error saving new user');
    } else if (type === 'signup') {
      await c.query(`update auth.users set raw_user_meta_data = $2 where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
      ]);
    }
    const linkToken = await storeToken(ctx, c, user, type, hash, newEmail, otp);
    const fresh = (await findUserById(c, user.id)) ?? user;
    return { user: await userJson(c, fresh), linkToken };
  });
  const linkType = type.startsWith('email_change') ? 'email_change' : type;
  sendJSON(ctx.res, 200, {
    ...result.user,
    action_link: verifyUrl(ctx, result.linkToken, linkType, redirectTo),
    email_otp: otp,
    hashed_token: hash,
    verification_type: type,
    redirect_to: redirectTo,
  });
}
