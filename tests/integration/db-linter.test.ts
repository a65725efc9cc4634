/**
 * What Supabase's database linter (`supabase db lint`, the dashboard's Advisors, splinter) would
 * flag in our schema, asked of the catalog directly so the check runs on every machine: each of
 * its performance and security checks that can apply to a schema of ours, in the linter's own
 * terms (its lint names; its WARN and ERROR levels, and unindexed foreign keys, INFO, held too).
 *
 * A finding is allowed only where a schema file justifies it, on a comment line of the form
 *   -- Linter: <lint name> <object>: <why>
 * beside the object; a justification no finding needs any more fails too, so none goes stale.
 * Not asked: what our schemas cannot have or the platform decides (Storage buckets, pgmq,
 * pg_graphql, extension versions, table bloat, unused indexes of a fresh database).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '../helpers/db-users.ts';

afterAll(async () => {
  await closeDb();
});

/** The schemas this project declares (supabase/schemas); the others are Supabase's own. */
const OURS = `n.nspname in ('public', 'private')`;

/** Lint name -> a query giving each finding's object as one word ('public.table.policy'). */
const LINTS: Record<string, string> = {
  // PERFORMANCE, WARN: auth.<function>() or current_setting() in a policy, not as (select ...),
  // runs once per row instead of once per statement. The linter reads the policy's text; ours
  // also flags (select ...) handed to another function (lower((select auth.email())),
  // coalesce((select current_setting(...)), '')), whose outer call still runs per row (the three
  // warnings of issue #38): such a policy calls a helper instead, (select private.x()).
  auth_rls_initplan: String.raw`
    select p.schemaname || '.' || p.tablename || '.' || p.policyname as object
      from pg_policies p
      join pg_namespace n on n.nspname = p.schemaname
      join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
     where ${OURS} and c.relrowsecurity
       and exists (
         select 1
           from unnest(array['auth.uid()', 'auth.jwt()', 'auth.role()', 'auth.email()', 'current_setting(']) f(fn),
                unnest(array[p.qual, p.with_check]) e(expr)
          where strpos(e.expr, f.fn) > 0
            and (strpos(lower(e.expr), 'select ' || f.fn) = 0
                 or e.expr ~ ('\w\(\(*\( SELECT ' || regexp_replace(f.fn, '([.()])', '\\\1', 'g'))))`,
  // PERFORMANCE, WARN: two permissive policies for one role and command are both evaluated.
  multiple_permissive_policies: `
    select n.nspname || '.' || c.relname || '.' || r.rolname || '.' || cmd.cmd as object
      from pg_policy p
      join pg_class c on c.oid = p.polrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_roles r on r.oid = any (p.polroles) or p.polroles = '{0}'
      cross join lateral unnest(case p.polcmd when '*' then array['r', 'a', 'w', 'd']
                                              else array[p.polcmd::text] end) cmd(cmd)
     where ${OURS} and p.polpermissive and c.relrowsecurity
       and r.rolname in ('anon', 'authenticated', 'authenticator', 'dashboard_user')
     group by 1 having count(*) > 1`,
  // PERFORMANCE, WARN: two indexes that are the same index.
  duplicate_index: `
    select n.nspname || '.' || c.relname || '.' || string_agg(ic.relname, ',' order by ic.relname) as object
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${OURS}
     group by n.nspname, c.relname, i.indrelid, ic.relam, i.indkey::text, i.indclass::text,
              coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '')
    having count(*) > 1`,
  // PERFORMANCE, INFO: a foreign key without an index leading with its columns.
  unindexed_foreign_keys: `
    select n.nspname || '.' || t.relname || '.' || c.conname as object
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = 'public' and c.contype = 'f'
       and not exists (
         select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)`,
  // SECURITY, WARN: a function whose search_path a caller could set.
  function_search_path_mutable: `
    select n.nspname || '.' || p.proname as object
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     where ${OURS}
       and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%')
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  // SECURITY, WARN: a policy that lets any row be written (using or with check "true").
  rls_policy_always_true: `
    select n.nspname || '.' || c.relname || '.' || p.polname as object
      from pg_policy p
      join pg_class c on c.oid = p.polrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${OURS} and p.polpermissive and p.polcmd <> 'r'
       and (pg_get_expr(p.polqual, p.polrelid) = 'true' or pg_get_expr(p.polwithcheck, p.polrelid) = 'true')`,
  // SECURITY, ERROR: policies that do nothing because RLS is off, or a table of the API without it.
  policy_exists_rls_disabled: `
    select distinct n.nspname || '.' || c.relname as object
      from pg_policy p
      join pg_class c on c.oid = p.polrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${OURS} and not c.relrowsecurity`,
  rls_disabled_in_public: `
    select n.nspname || '.' || c.relname as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  // SECURITY: views, materialized views and foreign tables of the API, which RLS does not cover
  // the way it covers tables (views run as their owner unless security_invoker).
  security_definer_view: `
    select n.nspname || '.' || c.relname as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'v'
       and not coalesce(c.reloptions @> array['security_invoker=true'], false)`,
  materialized_view_in_api: `
    select n.nspname || '.' || c.relname as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'm'`,
  foreign_table_in_api: `
    select n.nspname || '.' || c.relname as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'f'`,
  // SECURITY, ERROR: a view of the API over auth.users.
  auth_users_exposed: `
    select distinct n.nspname || '.' || c.relname as object
      from pg_depend d
      join pg_rewrite rw on rw.oid = d.objid
      join pg_class c on c.oid = rw.ev_class
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and d.refobjid = 'auth.users'::regclass and c.oid <> d.refobjid`,
  // SECURITY, WARN: an extension installed in public.
  extension_in_public: `
    select e.extname as object
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
     where n.nspname = 'public'`,
  // SECURITY, ERROR: a policy that trusts user_metadata, which the user may edit.
  rls_references_user_metadata: `
    select p.schemaname || '.' || p.tablename || '.' || p.policyname as object
      from pg_policies p
     where p.schemaname in ('public', 'private')
       and (coalesce(p.qual, '') like '%user_metadata%' or coalesce(p.with_check, '') like '%user_metadata%')`,
  // SECURITY, WARN: reg* columns other than regclass, regrole and regtype break pg_upgrade.
  unsupported_reg_types: `
    select n.nspname || '.' || c.relname || '.' || a.attname as object
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${OURS} and a.attnum > 0 and not a.attisdropped
       and a.atttypid in ('regcollation'::regtype, 'regconfig'::regtype, 'regdictionary'::regtype,
                          'regnamespace'::regtype, 'regoper'::regtype, 'regoperator'::regtype,
                          'regproc'::regtype, 'regprocedure'::regtype)`,
  // SECURITY, ERROR: a foreign key to a unique key of auth's tables other than their primary key.
  fkey_to_auth_unique: `
    select n.nspname || '.' || t.relname || '.' || c.conname as object
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_class rc on rc.oid = c.confrelid
     where ${OURS} and c.contype = 'f' and rc.relnamespace = 'auth'::regnamespace
       and not exists (select 1 from pg_constraint k
                        where k.conrelid = c.confrelid and k.contype = 'p' and k.conkey = c.confkey)`,
  // SECURITY, WARN: security-definer functions anon or a signed-in user may call through the API.
  anon_security_definer_function_executable: `
    select n.nspname || '.' || p.proname as object
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosecdef and has_function_privilege('anon', p.oid, 'execute')`,
  authenticated_security_definer_function_executable: `
    select n.nspname || '.' || p.proname as object
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosecdef
       and has_function_privilege('authenticated', p.oid, 'execute')`,
};

/** Every "-- Linter: <lint> <object>: why" line of the schema files, as "<lint> <object>". */
function justified(): string[] {
  const dir = path.join(import.meta.dirname, '../../supabase/schemas');
  const found: string[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/^\s*--\s*Linter:\s*([a-z_]+)\s+(\S+?):\s+\S/gm))
      found.push(`${match[1]} ${match[2]}`);
  }
  return found.sort();
}

describe('what the Supabase linter checks', () => {
  it('finds nothing but what a schema file justifies, and every justification still needed', async () => {
    const findings: string[] = [];
    for (const [lint, sql] of Object.entries(LINTS)) {
      const { rows } = await db().query<{ object: string }>(sql);
      findings.push(...rows.map((row) => `${lint} ${row.object}`));
    }
    const reasons = justified();
    expect(findings.filter((finding) => !reasons.includes(finding)).sort()).toEqual([]);
    expect(reasons.filter((reason) => !findings.includes(reason))).toEqual([]);
  });

  it('knows a finding when there is one: policies calling auth.uid() per row', async () => {
    // The checks above must be able to fail: a table made to break two of them is found.
    const client = await db().connect();
    try {
      await client.query('begin');
      await client.query(`create table public.linter_probe (id uuid primary key, owner uuid)`);
      await client.query(`alter table public.linter_probe enable row level security`);
      await client.query(
        `create policy probe_a on public.linter_probe for select to authenticated using (owner = auth.uid())`,
      );
      await client.query(
        `create policy probe_b on public.linter_probe for select to authenticated
           using (owner::text = lower((select auth.uid())::text))`,
      );
      const found: string[] = [];
      for (const lint of ['auth_rls_initplan', 'multiple_permissive_policies']) {
        const { rows } = await client.query<{ object: string }>(LINTS[lint]!);
        found.push(
          ...rows
            .filter((r) => r.object.includes('linter_probe'))
            .map((r) => `${lint} ${r.object}`),
        );
      }
      expect(found.sort()).toEqual([
        'auth_rls_initplan public.linter_probe.probe_a',
        'auth_rls_initplan public.linter_probe.probe_b',
        'multiple_permissive_policies public.linter_probe.authenticated.r',
      ]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
