/**
 * What Supabase's database linter (`supabase db lint`, the dashboard's Advisors) would flag in
 * our schema, asked of the catalog directly so the check runs on every machine: foreign keys
 * with no index leading with their columns, tables of the API without row-level security, and
 * security-definer functions the browser's roles can call (each one reviewed in its migration).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '../helpers/db-users.ts';

afterAll(async () => {
  await closeDb();
});

describe('what the Supabase linter checks', () => {
  it('finds every foreign key of public covered by an index that leads with its columns', async () => {
    const { rows } = await db().query<{ fk: string }>(`
      select c.conrelid::regclass || '.' || c.conname as fk
        from pg_constraint c
       where c.contype = 'f'
         and c.connamespace = 'public'::regnamespace
         and not exists (
           select 1 from pg_index i
            where i.indrelid = c.conrelid
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
              and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
       order by 1`);
    expect(rows.map((row) => row.fk)).toEqual([]);
  });

  it('has row-level security on every table of the API', async () => {
    const { rows } = await db().query<{ name: string }>(`
      select c.relname as name from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
         and not c.relrowsecurity
       order by 1`);
    expect(rows.map((row) => row.name)).toEqual([]);
  });

  it('lets anon call no security-definer function, and signed-in sellers only the reviewed two', async () => {
    const callable = async (role: string) => {
      const { rows } = await db().query<{ name: string }>(
        `select p.proname as name from pg_proc p
          where p.pronamespace = 'public'::regnamespace and p.prosecdef
            and has_function_privilege($1, p.oid, 'execute')
          order by 1`,
        [role],
      );
      return rows.map((row) => row.name);
    };
    expect(await callable('anon')).toEqual([]);
    // Both reviewed in their migrations: create_backup (the only way a backup is made) and
    // save_ebay_tokens (write-only tokens for the browser).
    expect(await callable('authenticated')).toEqual(['create_backup', 'save_ebay_tokens']);
  });
});
