-- The declarative schema of Stockroom: one file per domain, the one home of every table, policy,
-- grant and function in public and private, in its final form. The files run in name order on a
-- database that has Supabase's project setup (local/sql: roles, schemas auth and extensions,
-- default privileges); `npm run db:diff -- <name>` turns a change to them into a migration, and
-- tests/integration/schema-agreement.test.ts proves the migrations build the same database.
--
-- This file: the private schema, two-factor sign-in, and the row triggers every table shares.

-- Helpers that are not part of the API live in a schema PostgREST does not expose.
create schema if not exists private;
revoke all on schema private from public;
-- authenticated needs usage because some RLS policies call private.plan_allows().
grant usage on schema private to authenticated, service_role;

-- Trigram indexes for name/barcode search. Hosted projects have pg_trgm available but not
-- necessarily enabled; Supabase keeps extensions in schema extensions.
create extension if not exists pg_trgm with schema extensions;

-- ---------------------------------------------------------------------------------------------
-- Two-factor sign-in enforced by the database, the way Supabase recommends: a seller who has a
-- verified TOTP factor must present an aal2 token (password + code) to read or change anything.
-- Without this the code step in the app would be decoration: the aal1 token a password alone
-- yields would still open every table through PostgREST.
--
-- Sellers without a verified factor are unaffected (aal1 is all they can have). The service role
-- bypasses RLS and is unaffected too; so are the auth service and direct superuser connections
-- (no request.jwt.claims, so the write guard below stays out of their way).
--
-- Every table with RLS in public has, beside its own policies, four restrictive policies
-- "require_mfa_<command>" (AND-ed with the permissive ones, so security invoker functions are
-- covered through the tables they touch; (select ...) makes Postgres evaluate the check once
-- per statement) and the statement trigger "require_mfa_for_writes". The integration test
-- tests/integration/auth-mfa-rls.test.ts fails for any RLS table in public without them.
-- ---------------------------------------------------------------------------------------------
-- private.mfa_satisfied(): true when the caller's token is aal2, or the caller has no verified
-- factor. security definer because the API roles cannot read auth.mfa_factors (RLS on, no
-- policies, like hosted Supabase); it only ever looks at the caller's own factors and returns
-- one boolean. search_path is empty so nothing the caller creates can shadow auth.* or the
-- enum comparison.
--
-- plpgsql, not sql: every RLS statement and write asks once, and an sql function is planned again
-- at each such call (~75 us against ~13 us with the plan kept for the session).
create or replace function private.mfa_satisfied()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1
          from auth.mfa_factors f
         where f.user_id = auth.uid()
           and f.status = 'verified'
      );
end;
$$;
comment on function private.mfa_satisfied() is
  'True when the caller''s JWT is aal2 or the caller has no verified MFA factor (RLS gate for two-factor sign-in).';
alter function private.mfa_satisfied() owner to postgres;
revoke all on function private.mfa_satisfied() from public;
grant execute on function private.mfa_satisfied() to authenticated, service_role;

-- The function fails open if its owner is itself subject to RLS on auth.mfa_factors (it would
-- see no factors and answer true for everyone). Locally postgres is a superuser; on hosted
-- Supabase postgres has BYPASSRLS and SELECT on the auth tables. Refuse to build anywhere that
-- is not so, rather than ship a gate that silently lets everyone through.
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

-- Write guard: a statement-level trigger that refuses writes made during an authenticated
-- request that has not satisfied two-factor. RLS already stops such writes when they run as
-- `authenticated`; this also stops the ones that do not go through RLS, i.e. security definer
-- functions callable by the browser (today public.save_ebay_tokens, which would otherwise let
-- a password-only session swap the seller's marketplace account). Statement level: one check
-- per statement, not per row, so bulk imports pay nothing measurable.
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
revoke all on function private.refuse_writes_without_mfa() from public;

-- ---------------------------------------------------------------------------------------------
-- Row triggers a seller's table takes, each named "<table>_<kind>": set_updated_at (before
-- update), keep_account (before update), server_stamps (before insert or update) and lock_storage
-- (the seller's storage lock, for each statement; defined with the storage tables).
-- ---------------------------------------------------------------------------------------------
-- Every table keeps updated_at itself so the client cannot forge or forget it.
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function private.set_updated_at() from public;

-- A row never changes account: moving rows between accounts would bypass every per-account rule
-- (limits, parent ownership) at once.
create or replace function private.keep_account()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.account_id is distinct from old.account_id then
    raise exception 'The account of a row cannot be changed' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function private.keep_account() from public;

-- created_at belongs to the server: a seller's request cannot choose them, so
-- a backdated or future-dated row cannot dodge retention or jump the order. Stamped on every
-- write made for a signed-in seller; the few functions that must keep an order of their own
-- (restore, import, scans) ask for it for their transaction with private.keep_stamps().
create or replace function private.stamp_server_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if auth.role() = 'authenticated' and coalesce(current_setting('stockroom.keep_stamps', true), '') <> 'on' then
    -- keys that are not columns of the table are ignored, so one function serves every table
    if tg_op = 'INSERT' then
      new := jsonb_populate_record(new, jsonb_build_object(
        'created_at', now(), 'updated_at', now()));
    else
      new := jsonb_populate_record(new, jsonb_build_object('created_at', to_jsonb(old) -> 'created_at'));
    end if;
  end if;
  return new;
end;
$$;
revoke all on function private.stamp_server_columns() from public;

-- For the rest of the transaction, rows keep the created_at the calling function gives them.
create or replace function private.keep_stamps()
returns void
language sql
set search_path = ''
as $$
  select set_config('stockroom.keep_stamps', 'on', true)
$$;
revoke all on function private.keep_stamps() from public;
grant execute on function private.keep_stamps() to authenticated, service_role;

-- True when the text has a character a person can see. btrim() strips spaces only, so a name of
-- tabs, line breaks, no-break or zero-width spaces, joiners, direction marks or a BOM would pass
-- for a name while showing nothing.
create or replace function private.has_visible_text(p_text text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_text ~ '[^ \t\n\r\f\v\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]'
$$;
revoke all on function private.has_visible_text(text) from public;
grant execute on function private.has_visible_text(text) to authenticated, service_role;
