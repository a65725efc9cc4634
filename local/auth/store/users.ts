// auth.users, auth.identities and the user object GoTrue returns (field names, omitted-when-
// empty fields and nesting as in its models.User JSON).
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import { listFactors, type FactorJson } from './factors.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_token, confirmation_sent_at, recovery_token, recovery_sent_at,
  email_change_token_new, email_change_token_current, email_change, email_change_sent_at,
  email_change_confirm_status, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, phone, phone_confirmed_at, phone_change, phone_change_sent_at,
  confirmed_at, banned_until, reauthentication_token, reauthentication_sent_at, deleted_at,
  is_anonymous`;

export async function findUserById(db: Db, id: string, forUpdate = false): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** E-mail lookups are case-insensitive and skip SSO users, like GoTrue's. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = lower($1) and is_sso_user = false
      order by created_at limit 1`,
    [email],
  );
  return r.rows[0] ?? null;
}

export async function findUserByToken(
  db: Db,
  column:
    | 'confirmation_token'
    | 'recovery_token'
    | 'email_change_token_new'
    | 'email_change_token_current',
  tokenHash: string,
): Promise<UserRow | null> {
  if (!tokenHash) return null;
  // `column` comes from the closed union above, never from the request.
  const r = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${column} = $1 for update`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone?: string | null;
  passwordHash: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  role?: string;
  emailConfirmedAt?: Date | null;
  now: Date;
}

/** Inserts the user row. Product triggers on auth.users (profile, preferences) fire here. */
export async function insertUser(db: Db, u: NewUser): Promise<string> {
  const id = u.id ?? randomUUID();
  // GoTrue writes '' rather than NULL into its token columns; keep the same so the rows look
  // like hosted ones to anything else that reads them.
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password,
        raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at,
        confirmation_token, recovery_token, email_change_token_new, email_change_token_current,
        email_change, phone_change, phone_change_token, reauthentication_token, is_anonymous)
      values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5,
        $6, $7, $8, $9, $9, '', '', '', '', '', '', '', '', false)`,
    [
      id,
      u.role ?? 'authenticated',
      u.email,
      u.phone ?? null,
      u.passwordHash,
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.emailConfirmedAt ?? null,
      u.now,
    ],
  );
  return id;
}

export async function insertIdentity(
  db: Db,
  userId: string,
  provider: string,
  providerId: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6)
     on conflict (provider_id, provider) do nothing`,
    [randomUUID(), providerId, userId, JSON.stringify(data), provider, now],
  );
}

/**
 * A new unconfirmed e-mail user and its e-mail identity (GoTrue's signupNewUser and
 * createNewIdentity), for the flows that create users before any link is followed.
 */
export async function insertEmailUser(
  db: Db,
  u: {
    email: string;
    passwordHash: string | null;
    userMetadata: Record<string, unknown>;
    now: Date;
    /** extra identity_data keys (a passwordless sign-up copies its metadata there) */
    identityExtra?: Record<string, unknown>;
  },
): Promise<string> {
  const id = await insertUser(db, {
    email: u.email,
    passwordHash: u.passwordHash,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: u.userMetadata,
    emailConfirmedAt: null,
    now: u.now,
  });
  const identity = { sub: id, email: u.email, email_verified: false, phone_verified: false };
  await insertIdentity(db, id, 'email', id, { ...identity, ...u.identityExtra }, u.now);
  return id;
}

/** Merges keys into an identity's data (GoTrue's UpdateIdentityData). */
export async function updateIdentityData(
  db: Db,
  userId: string,
  provider: string,
  patch: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = $4
      where user_id = $1 and provider = $2`,
    [userId, provider, JSON.stringify(patch), now],
  );
}

export async function listIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  const r = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at,
            updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return r.rows;
}

/** Applies GoTrue's metadata merge: keys set to null are removed. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

const iso = (d: Date | null | undefined): string | undefined => (d ? d.toISOString() : undefined);

// Boilerplate: GoTrue's identity JSON names each column in turn, as any row-to-JSON mapping does.
function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  };
}

export type UserJson = Record<string, unknown> & { id: string; factors?: FactorJson[] };

/** The user object as GoTrue serialises it. Undefined fields are dropped by JSON.stringify,
 * which mirrors Go's `omitempty` on the same fields. */
export async function userJson(db: Db, u: UserRow): Promise<UserJson> {
  const [identities, factors] = await Promise.all([
    listIdentities(db, u.id),
    listFactors(db, u.id),
  ]);
  return {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    new_phone: u.phone_change || undefined,
    phone_change_sent_at: iso(u.phone_change_sent_at),
    reauthentication_sent_at: iso(u.reauthentication_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    factors: factors.length > 0 ? factors : undefined,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
    banned_until: iso(u.banned_until),
    deleted_at: iso(u.deleted_at),
    is_anonymous: u.is_anonymous,
  };
}

export function isBanned(u: UserRow, now: Date): boolean {
  return u.banned_until !== null && u.banned_until.getTime() > now.getTime();
}

export const isConfirmed = (u: UserRow): boolean => u.email_confirmed_at !== null;
