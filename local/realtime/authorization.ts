import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Claims } from './tokens.ts';

export type Extension = 'broadcast' | 'presence';

/** What a private channel's subscriber may do; null: not asked yet. */
export interface Policies {
  broadcast: { read: boolean | null; write: boolean | null };
  presence: { read: boolean | null; write: boolean | null };
}

export function noPolicies(): Policies {
  return { broadcast: { read: null, write: null }, presence: { read: null, write: null } };
}

/** The settings Realtime's set_conn_config gives the policies: role, topic and the JWT's claims. */
function contextSql(topic: string, claims: Claims): string {
  const values = [
    ['role', claims.role],
    ['realtime.topic', topic],
    ['request.jwt.claims', JSON.stringify(claims)],
    ['request.jwt.claim.sub', String(claims.sub ?? '')],
    ['request.jwt.claim.role', claims.role],
    ['request.headers', '{}'],
  ];
  return `select ${values.map(([k, v]) => `set_config(${pg.escapeLiteral(k!)}, ${pg.escapeLiteral(v!)}, true)`).join(', ')}`;
}

/**
 * Whether the subscriber may read the private channel `topic` through each extension, as Supabase
 * Realtime decides it: rows for the topic are put into realtime.messages, then read back under the
 * subscriber's role and claims, so its SELECT policies answer; all of it is rolled back.
 */
export async function readPolicies(
  pool: pg.Pool,
  topic: string,
  claims: Claims,
  extensions: Extension[],
  policies: Policies,
): Promise<Policies> {
  const ids = new Map(extensions.map((e) => [e, randomUUID()]));
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const [extension, id] of ids) {
      await client.query(
        'insert into realtime.messages (id, topic, extension) values ($1, $2, $3)',
        [id, topic, extension],
      );
    }
    await client.query(contextSql(topic, claims));
    const { rows } = await client.query<{ id: string }>(
      'select id from realtime.messages where id = any ($1::uuid[])',
      [[...ids.values()]],
    );
    const seen = new Set(rows.map((r) => r.id));
    const next = structuredClone(policies);
    for (const [extension, id] of ids) next[extension].read = seen.has(id);
    return next;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

/**
 * Whether the subscriber may send on the private channel `topic` through each extension: an insert
 * into realtime.messages under its role and claims, which its INSERT policies allow or refuse.
 */
export async function writePolicies(
  pool: pg.Pool,
  topic: string,
  claims: Claims,
  extensions: Extension[],
  policies: Policies,
): Promise<Policies> {
  const client = await pool.connect();
  const next = structuredClone(policies);
  try {
    await client.query('begin');
    await client.query(contextSql(topic, claims));
    for (const extension of extensions) {
      await client.query('savepoint write_check');
      try {
        await client.query('insert into realtime.messages (topic, extension) values ($1, $2)', [
          topic,
          extension,
        ]);
        next[extension].write = true;
      } catch (error) {
        if ((error as pg.DatabaseError).code !== '42501') throw error;
        next[extension].write = false;
      }
      await client.query('rollback to savepoint write_check');
    }
    return next;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
