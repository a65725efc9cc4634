// Database access helpers. Every query in the auth service is parameterised; nothing from a
// request is ever spliced into SQL text.
import type pg from 'pg';

export type Db = pg.Pool | pg.PoolClient;

/** Runs `fn` in one transaction on one pooled connection. */
export async function withTx<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** Postgres unique_violation, e.g. two sign-ups racing for one address. */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}
