// POST /signup: e-mail + password sign-up. With confirmations on, answers the new user and
// mails a confirmation link; with them off, signs the user straight in.
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { badRequest, internal, sendJSON, unprocessable } from '../errors.ts';
import { sendConfirmation } from '../flows.ts';
import { obj, readParams, str } from '../http.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { pkceParams } from '../pkce.ts';
import { limitClient } from '../rate-limit.ts';
import { isUniqueViolation, withTx } from '../store/db.ts';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  isConfirmed,
  userJson,
  type UserRow,
} from '../store/users.ts';
import { issueSessionIn } from '../tokens.ts';
import { safeRedirect, validateEmail } from '../validate.ts';

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

export async function signup(ctx: Ctx): Promise<void> {
  const { cfg } = ctx.svc;
  const p = await readParams(ctx.req);
  const rawEmail = str(p, 'email');
  const phone = str(p, 'phone');
  // As GoTrue routes it: no e-mail and no phone means an anonymous sign-in, which this
  // project keeps disabled (settings say anonymous_users: false).
  if (!rawEmail && !phone) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  limitClient(ctx, 'signups');
  if (cfg.disableSignup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }
  const password = str(p, 'password');
  const data = obj(p, 'data') ?? {};
  const pkce = pkceParams(p);

  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password, cfg.minPasswordLength);
  if (rawEmail && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(rawEmail);
  const redirectTo = safeRedirect(cfg, ctx.query.get('redirect_to'));

  const existing = await findUserByEmail(cfg.pool, email);
  // Hash outside the transaction: bcrypt is the slow part and needs no lock.
  const passwordHash = existing ? null : await hashPassword(password);

  const result = await withTx(
    cfg.pool,
    async (c): Promise<{ kind: 'session' | 'user'; body: unknown } | { kind: 'exists' }> => {
      let user: UserRow | null;
      if (existing) {
        // Never touch an existing account on an unauthenticated request: we cannot know the
        // caller owns the address. An unconfirmed one just gets its confirmation mail again.
        if (isConfirmed(existing) || cfg.autoconfirm) return { kind: 'exists' as const };
        user = await findUserById(c, existing.id, true);
      } else {
        let id: string;
        try {
          id = await insertUser(c, {
            email,
            passwordHash,
            appMetadata: EMAIL_APP_METADATA,
            userMetadata: data,
            emailConfirmedAt: cfg.autoconfirm ? ctx.now : null,
            now: ctx.now,
          });
        } catch (e) {
          if (isUniqueViolation(e)) return { kind: 'exists' as const };
          // Typically a product trigger on auth.users failing; GoTrue's wording.
          console.error('[auth] inserting user failed:', e instanceof Error ? e.message : e);
          throw internal('Database error saving new user');
        }
        const identityData: Record<string, unknown> = {
          sub: id,
          email,
          email_verified: cfg.autoconfirm,
          phone_verified: false,
        };
        for (const [k, v] of Object.entries(data)) if (!(k in identityData)) identityData[k] = v;
        await insertIdentity(c, id, 'email', id, identityData, ctx.now);
        user = await findUserById(c, id);
      }
      if (!user) throw internal('Database error loading user after sign-up');

      if (cfg.autoconfirm) {
        return { kind: 'session' as const, body: await issueSessionIn(ctx, c, user, 'password') };
      }
      await sendConfirmation(ctx, c, user, redirectTo, pkce);
      const fresh = await findUserById(c, user.id);
      return { kind: 'user' as const, body: await userJson(c, fresh ?? user) };
    },
  );

  if (result.kind === 'exists') {
    if (cfg.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    // With confirmations on GoTrue does not reveal that the address is taken: it answers a
    // plausible, unsaved user object and sends nothing.
    const now = ctx.now.toISOString();
    sendJSON(ctx.res, 200, {
      id: randomUUID(),
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: EMAIL_APP_METADATA,
      user_metadata: data,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    });
    return;
  }
  sendJSON(ctx.res, 200, result.body);
}
