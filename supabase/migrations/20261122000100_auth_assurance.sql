-- Two-factor sign-in enforced by the database, the way Supabase recommends: a seller who has a
-- verified TOTP factor must present an aal2 token (password + code) to read or change anything.
-- Without this the code step in the app would be decoration: the aal1 token a password alone
-- yields would still open every table through PostgREST.
--
-- Sellers without a verified factor are unaffected (aal1 is all they can have). The service role
-- bypasses RLS and is unaffected too; so are the auth service and direct superuser connections
-- (no request.jwt.claims, so the write guard below stays out of their way).

-- This file comes first: every later domain file ends each table with
-- `select private.require_mfa('public.<table>');`, next to that table's own policies.

-- Helpers that are not part of the API live in a schema PostgREST does not expose.
create schema if not exists private;
revoke all on schema private from public;
-- authenticated needs usage because some RLS policies call private.plan_allows().
grant usage on schema private to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- private.mfa_satisfied(): true when the caller's token is aal2, or the caller has no verified
-- factor. security definer because the API roles cannot read auth.mfa_factors (RLS on, no
-- policies, like hosted Supabase); it only ever looks at the caller's own factors and returns
-- one boolean. search_path is empty so nothing the caller creates can shadow auth.* or the
-- enum comparison.
-- ---------------------------------------------------------------------------------------------
create or replace function private.mfa_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1
          from auth.mfa_factors f
         where f.user_id = auth.uid()
           and f.status = 'verified'
      );
$$;
comment on function private.mfa_satisfied() is
  'True when the caller''s JWT is aal2 or the caller has no verified MFA factor (RLS gate for two-factor sign-in).';
alter function private.mfa_satisfied() owner to postgres;
revoke all on function private.mfa_satisfied() from public, anon;
grant execute on function private.mfa_satisfied() to authenticated, service_role;

-- The function fails open if its owner is itself subject to RLS on auth.mfa_factors (it would
-- see no factors and answer true for everyone). Locally postgres is a superuser; on hosted
-- Supabase postgres has BYPASSRLS and SELECT on the auth tables. Refuse to migrate anywhere
-- that is not so, rather than ship a gate that silently lets everyone through.
do $$
declare
  v_ok boolean;
begin
  select (r.rolsuper or r.rolbypassrls or c.relowner = r.oid or not c.relrowsecurity)
         and has_table_privilege(r.oid, c.oid, 'select')
    into v_ok
    from pg_roles r, pg_class c
   where r.rolname = 'postgres'
     and c.oid = 'auth.mfa_factors'::regclass;
  if not coalesce(v_ok, false) then
    raise exception 'private.mfa_satisfied(): its owner (postgres) cannot see every row of auth.mfa_factors';
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Write guard: a statement-level trigger that refuses writes made during an authenticated
-- request that has not satisfied two-factor. RLS already stops such writes when they run as
-- `authenticated`; this also stops the ones that do not go through RLS, i.e. security definer
-- functions callable by the browser (today public.save_ebay_tokens, which would otherwise let
-- a password-only session swap the seller's marketplace account). Statement level: one check
-- per statement, not per row, so bulk imports pay nothing measurable.
-- ---------------------------------------------------------------------------------------------
create or replace function private.refuse_writes_without_mfa()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only requests PostgREST made for a signed-in user carry role 'authenticated'; the service
  -- role, the auth service and maintenance connections pass.
  if auth.role() = 'authenticated' and not private.mfa_satisfied() then
    raise exception 'Two-factor authentication required'
      using errcode = '42501',
            hint = 'Sign in with the code from your authenticator app (aal2).';
  end if;
  return null;
end;
$$;
revoke all on function private.refuse_writes_without_mfa() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- private.require_mfa(table): adds the restrictive policies and the write guard to one table.
-- Restrictive policies are AND-ed with the table's permissive ones, so existing policies stay
-- as they are and security invoker SQL functions (add_item, move_items, restore_backup, ...)
-- are covered through the tables they touch. (select ...) makes Postgres evaluate the check
-- once per statement instead of once per row.
-- New tables: call `select private.require_mfa('public.new_table');` in their migration; the
-- integration test tests/integration/auth-mfa-rls.test.ts fails for any RLS table in public
-- without it.
-- ---------------------------------------------------------------------------------------------
create or replace function private.require_mfa(p_table regclass)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_schema text;
  v_name text;
  v_cmd text;
begin
  select n.nspname, c.relname into v_schema, v_name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.oid = p_table;
  -- One policy per command, like every other policy in this schema.
  foreach v_cmd in array array['select', 'insert', 'update', 'delete'] loop
    if not exists (
      select 1 from pg_policies p
       where p.schemaname = v_schema and p.tablename = v_name
         and p.policyname = 'require_mfa_' || v_cmd
    ) then
      execute format(
        'create policy %I on %s as restrictive for %s to authenticated %s',
        'require_mfa_' || v_cmd,
        p_table,
        v_cmd,
        case v_cmd
          when 'insert' then 'with check ((select private.mfa_satisfied()))'
          when 'update' then
            'using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()))'
          else 'using ((select private.mfa_satisfied()))'
        end);
    end if;
  end loop;
  if not exists (
    select 1 from pg_trigger t where t.tgrelid = p_table and t.tgname = 'require_mfa_for_writes'
  ) then
    execute format(
      'create trigger require_mfa_for_writes before insert or update or delete on %s '
      'for each statement execute function private.refuse_writes_without_mfa()',
      p_table);
  end if;
end;
$$;
revoke all on function private.require_mfa(regclass) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- private.own_rows(table, commands, owner column): the row-level security every seller-owned
-- table gets, in one place: RLS on; anon and authenticated lose Supabase's default privileges
-- (incl. TRUNCATE, which ignores RLS); authenticated gets back only the given commands, each
-- with a policy "<table>_<command>" limiting it to the caller's own rows; two-factor sign-in.
-- A table whose grants are per column passes p_grant => false and grants them itself.
-- ---------------------------------------------------------------------------------------------
create or replace function private.own_rows(
  p_table regclass,
  p_commands text[] default array['select', 'insert', 'update', 'delete'],
  p_owner text default 'user_id',
  p_grant boolean default true
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_cmd text;
  v_own text;
begin
  select c.relname into v_name from pg_class c where c.oid = p_table;
  v_own := format('%I = (select auth.uid())', p_owner);
  execute format('alter table %s enable row level security', p_table);
  if p_grant then
    execute format('revoke all on table %s from anon, authenticated', p_table);
    execute format('grant %s on table %s to authenticated', array_to_string(p_commands, ', '), p_table);
    execute format('grant all on table %s to service_role', p_table);
  end if;
  foreach v_cmd in array p_commands loop
    execute format(
      'create policy %I on %s for %s to authenticated %s',
      v_name || '_' || v_cmd,
      p_table,
      v_cmd,
      case v_cmd
        when 'insert' then format('with check (%s)', v_own)
        when 'update' then format('using (%s) with check (%s)', v_own, v_own)
        else format('using (%s)', v_own)
      end);
  end loop;
  perform private.require_mfa(p_table);
end;
$$;
revoke all on function private.own_rows(regclass, text[], text, boolean) from public, anon, authenticated;

-- private.service_role_only(function, comment): a function only the server may call (the
-- Netlify functions with the service_role key): described, and executable by service_role alone.
create or replace function private.service_role_only(p_function regprocedure, p_comment text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('comment on function %s is %L', p_function, p_comment);
  execute format('revoke all on function %s from public, anon, authenticated', p_function);
  execute format('grant execute on function %s to service_role', p_function);
end;
$$;
revoke all on function private.service_role_only(regprocedure, text) from public, anon, authenticated;
