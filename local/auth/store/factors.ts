// auth.mfa_factors and auth.mfa_challenges.
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

export interface FactorJson {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: string;
  phone: string;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

export function factorJson(f: FactorRow): FactorJson {
  return {
    id: f.id,
    created_at: f.created_at.toISOString(),
    updated_at: f.updated_at.toISOString(),
    status: f.status,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    phone: f.phone ?? '',
    last_challenged_at: f.last_challenged_at ? f.last_challenged_at.toISOString() : null,
  };
}

const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type, status::text as status,
  created_at, updated_at, secret, phone, last_challenged_at`;

export async function listFactorRows(db: Db, userId: string): Promise<FactorRow[]> {
  const r = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return r.rows;
}

export async function listFactors(db: Db, userId: string): Promise<FactorJson[]> {
  return (await listFactorRows(db, userId)).map(factorJson);
}

export async function findFactor(db: Db, userId: string, id: string): Promise<FactorRow | null> {
  const r = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`,
    [id, userId],
  );
  return r.rows[0] ?? null;
}

export async function hasVerifiedFactor(db: Db, userId: string): Promise<boolean> {
  const r = await db.query(
    `select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`,
    [userId],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Drops enrolments that were never verified within the expiry (GoTrue's DeleteExpiredFactors). */
export async function deleteExpiredFactors(db: Db, olderThan: Date): Promise<void> {
  await db.query(`delete from auth.mfa_factors where status = 'unverified' and created_at < $1`, [
    olderThan,
  ]);
}

export async function insertTotpFactor(
  db: Db,
  userId: string,
  friendlyName: string,
  secret: string,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`,
    [id, userId, friendlyName, now, secret],
  );
  return id;
}

export async function insertChallenge(
  db: Db,
  factorId: string,
  ip: string,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)`,
    [id, factorId, now, ip],
  );
  // last_challenged_at is unique in GoTrue's schema; a clash only means two challenges in the
  // same microsecond, which is harmless to skip.
  await db
    .query(`update auth.mfa_factors set last_challenged_at = $2, updated_at = $2 where id = $1`, [
      factorId,
      now,
    ])
    .catch(() => undefined);
  return id;
}

export async function findChallenge(
  db: Db,
  factorId: string,
  challengeId: string,
): Promise<ChallengeRow | null> {
  const r = await db.query<ChallengeRow>(
    `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [challengeId, factorId],
  );
  return r.rows[0] ?? null;
}
