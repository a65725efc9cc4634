// auth.sessions, auth.refresh_tokens and auth.mfa_amr_claims: one session per sign-in, a chain
// of rotating refresh tokens per session, and the authentication methods used in it.
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Db } from './db.ts';
import type { AmrEntry } from '../jwt.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  factor_id: string | null;
  aal: string | null;
  not_after: Date | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  created_at: Date;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

/** 40 alphanumerics: unguessable and URL-safe. */
export function newRefreshTokenString(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(40);
  let out = '';
  for (const b of bytes) out += alphabet[b % 62];
  return out;
}

const inet = (ip: string | null): string | null => (ip && isIP(ip) ? ip : null);

export async function insertSession(
  db: Db,
  userId: string,
  now: Date,
  meta: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, $3, $3, 'aal1', $4, $5)`,
    [id, userId, now, meta.userAgent, inet(meta.ip)],
  );
  return id;
}

export async function findSession(
  db: Db,
  id: string,
  forUpdate = false,
): Promise<SessionRow | null> {
  const r = await db.query<SessionRow>(
    `select id, user_id, created_at, updated_at, factor_id, aal::text as aal, not_after
       from auth.sessions where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function touchSession(
  db: Db,
  id: string,
  now: Date,
  meta: { ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.query(
    `update auth.sessions set refreshed_at = $2, updated_at = $3, user_agent = $4, ip = $5 where id = $1`,
    [id, now.toISOString().replace('Z', ''), now, meta.userAgent, inet(meta.ip)],
  );
}

export async function insertRefreshToken(
  db: Db,
  userId: string,
  sessionId: string,
  parent: string | null,
  now: Date,
): Promise<string> {
  const token = newRefreshTokenString();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $3, $4, $5)`,
    [token, userId, now, parent, sessionId],
  );
  return token;
}

export async function findRefreshToken(
  db: Db,
  token: string,
  forUpdate = false,
): Promise<RefreshTokenRow | null> {
  const r = await db.query<RefreshTokenRow>(
    `select id::text, token, user_id, revoked, created_at, updated_at, parent, session_id
       from auth.refresh_tokens where token = $1${forUpdate ? ' for update' : ''}`,
    [token],
  );
  return r.rows[0] ?? null;
}

export async function activeRefreshToken(
  db: Db,
  sessionId: string,
): Promise<RefreshTokenRow | null> {
  const r = await db.query<RefreshTokenRow>(
    `select id::text, token, user_id, revoked, created_at, updated_at, parent, session_id
       from auth.refresh_tokens where session_id = $1 and revoked = false
      order by id desc limit 1`,
    [sessionId],
  );
  return r.rows[0] ?? null;
}

export async function revokeRefreshToken(db: Db, id: string, now: Date): Promise<void> {
  await db.query(`update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1`, [
    id,
    now,
  ]);
}

/** Revokes every live refresh token of a session (GoTrue's RevokeTokenFamily). */
export async function revokeSessionRefreshTokens(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db.query(
    `update auth.refresh_tokens set revoked = true, updated_at = $2
      where session_id = $1 and revoked = false`,
    [sessionId, now],
  );
}

/** Records (or refreshes the time of) an authentication method used in the session. */
export async function addAmrClaim(
  db: Db,
  sessionId: string,
  method: string,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $3, $4)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey
     do update set updated_at = excluded.updated_at`,
    [randomUUID(), sessionId, now, method],
  );
}

const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/** The session's assurance level and amr list, most recent first (GoTrue's CalculateAALAndAMR).
 * Ordered by the full timestamp in SQL, so methods used within one second keep their order. */
export async function aalAndAmr(
  db: Db,
  sessionId: string,
): Promise<{ aal: string; amr: AmrEntry[] }> {
  const r = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims
      where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  let aal = 'aal1';
  const amr = r.rows.map((row) => {
    if (AAL2_METHODS.has(row.authentication_method)) aal = 'aal2';
    return {
      method: row.authentication_method,
      timestamp: Math.floor(row.updated_at.getTime() / 1000),
    };
  });
  return { aal, amr };
}

export async function setSessionAal(
  db: Db,
  sessionId: string,
  aal: string,
  factorId: string | null,
  now: Date,
): Promise<void> {
  await db.query(
    `update auth.sessions set aal = $2::auth.aal_level, factor_id = $3, updated_at = $4 where id = $1`,
    [sessionId, aal, factorId, now],
  );
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.query(`delete from auth.sessions where id = $1`, [id]);
}

export async function deleteUserSessions(db: Db, userId: string, exceptId?: string): Promise<void> {
  if (exceptId) {
    await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, exceptId]);
  } else {
    await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
  }
}
