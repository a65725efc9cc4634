// Every request's SQL runs as Supabase Storage runs it (src/storage/database/knex.ts): in one
// transaction, as the caller's role with the JWT's claims in request.jwt.claims, so the RLS
// policies on storage.objects and storage.buckets decide; the service role bypasses RLS.
import pg from 'pg';
import { fromDbError } from './errors.ts';
import type { Caller } from './tokens.ts';

export type Tx = pg.PoolClient;

/** The service's own access (signed URLs, bucket lookups): Storage's asSuperUser(). */
export const SUPERUSER: Caller = {
  role: 'service_role',
  claims: { role: 'service_role' },
  sub: null,
};

export async function inTransaction<T>(
  pool: pg.Pool,
  caller: Caller,
  fn: (tx: Tx) => Promise<T>,
  /** canDelete: the Storage API's own deletes; rollback: a permission check that changes nothing. */
  opts: { canDelete?: boolean; rollback?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('storage.can_delete', $4, true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        caller.sub ?? '',
        opts.canDelete ? 'true' : 'false',
      ],
    );
    const result = await fn(client);
    await client.query(opts.rollback ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw fromDbError(error);
  } finally {
    client.release(broken);
  }
}
