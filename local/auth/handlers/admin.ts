// /admin/* for the service_role key: list, create, get, update and delete users, their factors,
// and generate_link (mail links without sending mail, handy for scripts and tests).
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { badRequest, emailExists, internal, notFound, sendJSON, unprocessable } from '../errors.ts';
import { requireAdmin } from '../guards.ts';
import { bool, obj, optStr, readBody, readParams, str, type Params } from '../http.ts';
import { sendInvite } from '../flows.ts';
import { checkPasswordStrength, hashPassword, MAX_PASSWORD_BYTES } from '../passwords.ts';
import { isUniqueViolation, withTx } from '../store/db.ts';
import { factorJson, findFactor, listFactors } from '../store/factors.ts';
import { deleteUserSessions } from '../store/sessions.ts';
import {
  findUserByEmail,
  findUserById,
  insertEmailUser,
  insertIdentity,
  insertUser,
  mergeMetadata,
  updateIdentityData,
  userJson,
  type UserRow,
} from '../store/users.ts';
import { isUuid, safeRedirect, validateEmail, validatePhone } from '../validate.ts';

const BCRYPT_HASH_RE = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** Go's time.ParseDuration for the units ban_duration uses ("24h", "1h30m", "90s"). */
function parseBanDuration(s: string): number {
  if (s === 'none') return 0;
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  let consumed = '';
  for (const m of s.matchAll(re)) {
    total += Number(m[1]) * (unit[m[2] ?? 's'] ?? 0);
    consumed += m[0];
  }
  if (!s || consumed !== s) {
    throw badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${s}"`,
    );
  }
  return total;
}

async function loadUser(ctx: Ctx, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.svc.cfg.pool, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function listUsers(ctx: Ctx): Promise<void> {
  await requireAdmin(ctx);
  const pageRaw = ctx.query.get('page') || '1';
  const perPageRaw = ctx.query.get('per_page') || '50';
  if (!/^\d+$/.test(pageRaw) || !/^\d+$/.test(perPageRaw)) {
    throw badRequest('validation_failed', 'Bad Pagination Parameters: invalid syntax');
  }
  const page = Math.max(1, Number(pageRaw));
  const perPage = Math.min(1000, Math.max(1, Number(perPageRaw)));
  const filter = ctx.query.get('filter') ?? '';
  const db = ctx.svc.cfg.pool;
  const where = `where ($1 = '' or position(lower($1) in lower(coalesce(email, ''))) > 0)`;
  const [rows, count] = await Promise.all([
    db.query<{ id: string }>(
      `select id from auth.users ${where} order by created_at desc, id limit $2 offset $3`,
      [filter, perPage, (page - 1) * perPage],
    ),
    db.query<{ n: string }>(`select count(*)::text as n from auth.users ${where}`, [filter]),
  ]);
  const users = [];
  for (const r of rows.rows) {
    const u = await findUserById(db, r.id);
    if (u) users.push(await userJson(db, u));
  }
  const total = Number(count.rows[0]?.n ?? 0);
  const totalPages = Math.ceil(total / perPage);
  const link = (p: number) => {
    const q = new URLSearchParams(ctx.query);
    q.set('page', String(p));
    q.set('per_page', String(perPage));
    return `</admin/users?${q.toString()}>`;
  };
  let header = '';
  if (totalPages > page) header += `${link(page + 1)}; rel="next", `;
  header += `${link(totalPages)}; rel="last"`;
  ctx.res.setHeader('Link', header);
  ctx.res.setHeader('X-Total-Count', String(total));
  sendJSON(ctx.res, 200, { users, aud: 'authenticated' });
}

async function passwordHashFrom(p: Params): Promise<string> {
  const password = optStr(p, 'password');
  const given = str(p, 'password_hash');
  if (password !== undefined && given) {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  }
  if (given) {
    if (!BCRYPT_HASH_RE.test(given)) throw badRequest('validation_failed', 'Invalid password hash');
    return given;
  }
  if (password) {
    if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
      throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
    }
    return hashPassword(password);
  }
  // No password: a random one nobody knows (the user signs in by link or recovery).
  return hashPassword(randomBytes(32).toString('base64url'));
}

export async function createUser(ctx: Ctx): Promise<void> {
  await requireAdmin(ctx);
  const p = await readParams(ctx.req);
  const db = ctx.svc.cfg.pool;
  const rawEmail = str(p, 'email');
  const rawPhone = str(p, 'phone');
  const userMeta = obj(p, 'user_metadata') ?? {};
  const appMeta = obj(p, 'app_metadata');
  const role = str(p, 'role') || 'authenticated';
  const id = str(p, 'id');
  const emailConfirm = bool(p, 'email_confirm');
  const phoneConfirm = bool(p, 'phone_confirm');
  const ban = str(p, 'ban_duration');

  if (!rawEmail && !rawPhone) {
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  }
  const providers: string[] = [];
  const email = rawEmail ? validateEmail(rawEmail) : null;
  if (email) {
    if (await findUserByEmail(db, email)) {
      throw emailExists();
    }
    providers.push('email');
  }
  const phone = rawPhone ? validatePhone(rawPhone) : null;
  if (phone) {
    const taken = await db.query('select 1 from auth.users where phone = $1', [phone]);
    if ((taken.rowCount ?? 0) > 0) {
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
    }
    providers.push('phone');
  }
  if (id && (!isUuid(id) || id === '00000000-0000-0000-0000-000000000000')) {
    throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  }
  const banMs = ban ? parseBanDuration(ban) : null;
  const passwordHash = await passwordHashFrom(p);

  const body = await withTx(db, async (c) => {
    let userId: string;
    try {
      userId = await insertUser(c, {
        ...(id ? { id } : {}),
        email,
        phone,
        passwordHash,
        appMetadata: mergeMetadata({ provider: providers[0], providers }, appMeta ?? {}),
        userMetadata: userMeta,
        role,
        emailConfirmedAt: emailConfirm ? ctx.now : null,
        now: ctx.now,
      });
    } catch (e) {
      if (isUniqueViolation(e)) {
        throw emailExists();
      }
      console.error('[auth] admin create user failed:', e instanceof Error ? e.message : e);
      throw internal('Database error creating new user');
    }
    if (email) {
      await insertIdentity(
        c,
        userId,
        'email',
        userId,
        {
          sub: userId,
          email,
          email_verified: false,
          phone_verified: false,
        },
        ctx.now,
      );
    }
    if (phone) {
      await insertIdentity(
        c,
        userId,
        'phone',
        userId,
        {
          sub: userId,
          phone,
          email_verified: false,
          phone_verified: false,
        },
        ctx.now,
      );
    }
    if (phoneConfirm) {
      await c.query(`update auth.users set phone_confirmed_at = $2 where id = $1`, [
        userId,
        ctx.now,
      ]);
    }
    if (banMs !== null) {
      await c.query(`update auth.users set banned_until = $2 where id = $1`, [
        userId,
        banMs > 0 ? new Date(ctx.now.getTime() + banMs) : null,
      ]);
    }
    const user = await findUserById(c, userId);
    if (!user) throw internal('Database error creating new user');
    return userJson(c, user);
  });
  sendJSON(ctx.res, 200, body);
}

export async function getUser(ctx: Ctx, id: string): Promise<void> {
  await requireAdmin(ctx);
  const user = await loadUser(ctx, id);
  sendJSON(ctx.res, 200, await userJson(ctx.svc.cfg.pool, user));
}

export async function updateUser(ctx: Ctx, id: string): Promise<void> {
  await requireAdmin(ctx);
  const user = await loadUser(ctx, id);
  const p = await readParams(ctx.req);
  const db = ctx.svc.cfg.pool;
  const rawEmail = str(p, 'email');
  const rawPhone = str(p, 'phone');
  const password = optStr(p, 'password');
  const userMeta = obj(p, 'user_metadata');
  const appMeta = obj(p, 'app_metadata');
  const role = str(p, 'role');
  const emailConfirm = bool(p, 'email_confirm');
  const phoneConfirm = bool(p, 'phone_confirm');
  const ban = str(p, 'ban_duration');

  const email = rawEmail ? validateEmail(rawEmail) : '';
  const phone = rawPhone ? validatePhone(rawPhone) : '';
  const banMs = ban ? parseBanDuration(ban) : null;
  if (password !== undefined) checkPasswordStrength(password, ctx.svc.cfg.minPasswordLength);
  if (email && email !== (user.email ?? '').toLowerCase()) {
    const other = await findUserByEmail(db, email);
    if (other && other.id !== user.id) {
      throw emailExists();
    }
  }
  const newHash = password !== undefined ? await hashPassword(password) : null;

  const body = await withTx(db, async (c) => {
    const locked = await findUserById(c, user.id, true);
    if (!locked) throw notFound('user_not_found', 'User not found');
    const set = async (sql: string, ...values: unknown[]) =>
      c.query(`update auth.users set ${sql}, updated_at = $2 where id = $1`, [
        user.id,
        ctx.now,
        ...values,
      ]);
    if (role) await set('role = $3', role);
    if (emailConfirm) await set('email_confirmed_at = coalesce(email_confirmed_at, $2)');
    if (phoneConfirm) await set('phone_confirmed_at = coalesce(phone_confirmed_at, $2)');
    if (newHash) {
      await set(`encrypted_password = $3, recovery_token = '', confirmation_token = ''`, newHash);
      // As GoTrue: a password set by an admin signs the user out everywhere.
      await deleteUserSessions(c, user.id);
    }
    if (email) {
      try {
        await set('email = $3', email);
      } catch (e) {
        if (isUniqueViolation(e)) {
          throw emailExists();
        }
        throw e;
      }
      const has = await c.query(
        `select 1 from auth.identities where user_id = $1 and provider = 'email'`,
        [user.id],
      );
      if ((has.rowCount ?? 0) > 0) {
        await updateIdentityData(
          c,
          user.id,
          'email',
          { email, email_verified: emailConfirm },
          ctx.now,
        );
      } else {
        await insertIdentity(
          c,
          user.id,
          'email',
          user.id,
          {
            sub: user.id,
            email,
            email_verified: emailConfirm,
            phone_verified: false,
          },
          ctx.now,
        );
      }
    }
    if (phone) {
      try {
        await set('phone = $3', phone);
      } catch (e) {
        if (isUniqueViolation(e)) {
          throw unprocessable('phone_exists', 'Phone number already registered by another user');
        }
        throw e;
      }
    }
    if (appMeta)
      await set(
        'raw_app_meta_data = $3',
        JSON.stringify(mergeMetadata(locked.raw_app_meta_data, appMeta)),
      );
    if (userMeta)
      await set(
        'raw_user_meta_data = $3',
        JSON.stringify(mergeMetadata(locked.raw_user_meta_data, userMeta)),
      );
    if (banMs !== null) {
      await set('banned_until = $3', banMs > 0 ? new Date(ctx.now.getTime() + banMs) : null);
    }
    const fresh = await findUserById(c, user.id);
    if (!fresh) throw notFound('user_not_found', 'User not found');
    return userJson(c, fresh);
  });
  sendJSON(ctx.res, 200, body);
}

export async function deleteUser(ctx: Ctx, id: string): Promise<void> {
  await requireAdmin(ctx);
  const user = await loadUser(ctx, id);
  const raw = await readBody(ctx.req);
  let soft = false;
  if (raw.length > 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('bad_json', 'Could not parse request body as JSON');
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      soft = bool(parsed as Params, 'should_soft_delete');
    }
  }
  const db = ctx.svc.cfg.pool;
  try {
    if (soft) {
      await withTx(db, async (c) => {
        // Keeps the row (and anything referencing it) but makes it unusable and anonymous.
        await c.query(
          `update auth.users set deleted_at = $2, updated_at = $2, email = null, phone = null,
              encrypted_password = '', raw_user_meta_data = '{}'::jsonb, banned_until = null,
              confirmation_token = '', recovery_token = '', email_change = '',
              email_change_token_new = '', email_change_token_current = ''
            where id = $1`,
          [user.id, ctx.now],
        );
        await c.query(`delete from auth.identities where user_id = $1`, [user.id]);
        await c.query(`delete from auth.mfa_factors where user_id = $1`, [user.id]);
        await deleteUserSessions(c, user.id);
      });
    } else {
      await db.query(`delete from auth.users where id = $1`, [user.id]);
    }
  } catch (e) {
    console.error('[auth] deleting user failed:', e instanceof Error ? e.message : e);
    throw internal('Database error deleting user');
  }
  sendJSON(ctx.res, 200, {});
}

export async function listUserFactors(ctx: Ctx, id: string): Promise<void> {
  await requireAdmin(ctx);
  const user = await loadUser(ctx, id);
  sendJSON(ctx.res, 200, await listFactors(ctx.svc.cfg.pool, user.id));
}

export async function deleteUserFactor(ctx: Ctx, id: string, factorId: string): Promise<void> {
  await requireAdmin(ctx);
  const user = await loadUser(ctx, id);
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findFactor(ctx.svc.cfg.pool, user.id, factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  await withTx(ctx.svc.cfg.pool, async (c) => {
    await c.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
          and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await c.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
      factor.id,
    ]);
    await c.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
  });
  sendJSON(ctx.res, 200, factorJson(factor));
}

/**
 * POST /admin/generate_link for signup, magiclink and recovery: stores the token exactly as the
 * mailed flows do and returns the link instead of sending it.
 */
/** POST /invite: creates the user if needed and mails an invitation link. */
export async function invite(ctx: Ctx): Promise<void> {
  await requireAdmin(ctx);
  const p = await readParams(ctx.req);
  const email = validateEmail(str(p, 'email'));
  const data = obj(p, 'data') ?? {};
  const { cfg } = ctx.svc;
  const redirectTo = safeRedirect(cfg, ctx.query.get('redirect_to'));
  const existing = await findUserByEmail(cfg.pool, email);
  if (existing?.email_confirmed_at) {
    throw emailExists();
  }
  const body = await withTx(cfg.pool, async (c) => {
    let userId = existing?.id;
    if (!userId) {
      try {
        // No password: the invitee signs in through the link and chooses one.
        userId = await insertEmailUser(c, {
          email,
          passwordHash: null,
          userMetadata: data,
          now: ctx.now,
        });
      } catch (e) {
        if (isUniqueViolation(e)) {
          throw emailExists();
        }
        throw internal('Database error saving new user');
      }
    }
    const user = await findUserById(c, userId, true);
    if (!user) throw internal('Database error saving new user');
    await sendInvite(ctx, c, user, redirectTo);
    const fresh = await findUserById(c, userId);
    return userJson(c, fresh ?? user);
  });
  sendJSON(ctx.res, 200, body);
}
