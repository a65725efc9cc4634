-- Plans, profiles and subscriptions: what a user has paid for and therefore what they may store.
--
-- The browser may read its own profile and subscription but never write them: plan_id and status
-- change only through the server (Stripe webhook / Netlify functions using the service_role key),
-- otherwise anyone could upgrade themselves with one PATCH request.

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

-- A row never changes owner: moving rows between accounts would bypass every per-user rule
-- (limits, parent ownership) at once.
create or replace function private.keep_owner()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.user_id is distinct from old.user_id then
    raise exception 'The owner of a row cannot be changed' using errcode = '42501';
  end if;
  return new;
end;
$$;

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

-- For the rest of the transaction, rows keep the created_at the calling function gives them.
create or replace function private.keep_stamps()
returns void
language sql
set search_path = ''
as $$
  select set_config('stockroom.keep_stamps', 'on', true)
$$;

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

revoke all on function private.set_updated_at() from public;
revoke all on function private.keep_owner() from public;
revoke all on function private.stamp_server_columns() from public;
revoke all on function private.keep_stamps() from public;
revoke all on function private.has_visible_text(text) from public;
grant execute on function private.keep_stamps(), private.has_visible_text(text) to authenticated, service_role;

-- private.add_row_triggers(table, kinds): the row triggers a seller's table takes, each named
-- "<table>_<kind>": set_updated_at, keep_owner, server_stamps, and lock_storage (the seller's
-- storage lock, defined with the storage tables).
create or replace function private.add_row_triggers(p_table regclass, p_kinds text[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_kind text;
begin
  select c.relname into v_name from pg_class c where c.oid = p_table;
  foreach v_kind in array p_kinds loop
    execute format('create trigger %I %s on %s %s',
      v_name || '_' || v_kind,
      case v_kind
        when 'set_updated_at' then 'before update'
        when 'keep_owner' then 'before update'
        when 'server_stamps' then 'before insert or update'
        when 'lock_storage' then 'before insert or update or delete'
      end,
      p_table,
      case v_kind
        when 'set_updated_at' then 'for each row execute function private.set_updated_at()'
        when 'keep_owner' then 'for each row execute function private.keep_owner()'
        when 'server_stamps' then 'for each row execute function private.stamp_server_columns()'
        when 'lock_storage' then 'for each statement execute function private.lock_storage_for_statement()'
      end);
  end loop;
end;
$$;
revoke all on function private.add_row_triggers(regclass, text[]) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- plans: the catalogue of SPEC section 6. src/domain/plans.ts holds the same numbers and a unit
-- test (tests/unit/domain/plans.test.ts) parses the insert below so the two cannot drift.
-- ---------------------------------------------------------------------------------------------
create table public.plans (
  plan_id text primary key check (plan_id in ('free', 'growing', 'power', 'elite')),
  display_name text not null,
  sort_order integer not null unique,
  max_items integer not null check (max_items > 0),
  max_units integer not null check (max_units > 0),
  max_rooms integer not null check (max_rooms > 0),
  feature_view_3d boolean not null,
  feature_listings boolean not null,
  feature_barcode_scanning boolean not null,
  feature_restore_backup boolean not null,
  feature_orders boolean not null
);
comment on table public.plans is
  'Subscription plans and their limits (SPEC section 6). Read-only reference data; must match src/domain/plans.ts.';

insert into public.plans
  (plan_id, display_name, sort_order, max_items, max_units, max_rooms,
   feature_view_3d, feature_listings, feature_barcode_scanning, feature_restore_backup, feature_orders)
values
  ('free', 'Free', 0, 100, 3, 1, false, false, false, false, false),
  ('growing', 'Growing Seller', 1, 500, 20, 2, true, true, false, false, false),
  ('power', 'Power Seller', 2, 1000, 50, 5, true, true, true, true, false),
  ('elite', 'Elite Seller', 3, 5000, 100, 10, true, true, true, true, true)
on conflict (plan_id) do update set
  display_name = excluded.display_name,
  sort_order = excluded.sort_order,
  max_items = excluded.max_items,
  max_units = excluded.max_units,
  max_rooms = excluded.max_rooms,
  feature_view_3d = excluded.feature_view_3d,
  feature_listings = excluded.feature_listings,
  feature_barcode_scanning = excluded.feature_barcode_scanning,
  feature_restore_backup = excluded.feature_restore_backup,
  feature_orders = excluded.feature_orders;

alter table public.plans enable row level security;
revoke all on table public.plans from anon, authenticated;
grant select on table public.plans to authenticated;
grant all on table public.plans to service_role;

-- Reference data: every signed-in user may read the whole catalogue; nobody writes it via REST.
create policy plans_select on public.plans
  for select to authenticated
  using (true);

select private.require_mfa('public.plans');

-- ---------------------------------------------------------------------------------------------
-- profiles: one per auth user (created by the new-user trigger). plan_id is the plan the
-- database enforces; it follows subscriptions.plan_id (trigger below).
-- ---------------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  plan_id text not null default 'free' references public.plans (plan_id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is
  'One row per user: e-mail and the plan the database enforces limits with. Written only by the server.';

-- plan ids are few, but changing a plan's row checks every profile on it
create index profiles_plan_idx on public.profiles (plan_id);

select private.add_row_triggers('public.profiles', array['set_updated_at']);

select private.own_rows('public.profiles', array['select'], p_owner => 'id');
-- No insert/update/delete policy (and no grant): a user must not change their own plan.

-- ---------------------------------------------------------------------------------------------
-- subscriptions: the billing state mirrored from Stripe. One row per user.
-- ---------------------------------------------------------------------------------------------
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  stripe_customer_id text,
  stripe_subscription_id text unique,
  plan_id text not null default 'free' references public.plans (plan_id),
  status text not null default 'active'
    check (status in ('active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired',
                      'trialing', 'unpaid', 'paused')),
  cancel_at timestamptz,
  target_plan_id text references public.plans (plan_id),
  overdue_date timestamptz,
  deadline_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Stripe delivers webhooks out of order and our functions write the state they get back from
  -- Stripe too, so two writers can race: one that read Stripe earlier must not overwrite one that
  -- read it later. Each write records when its Stripe state was read; older reads are skipped
  -- (netlify/lib/subscriptions.ts). Never null ('-infinity' before the first write) so the check
  -- is one plain comparison.
  stripe_synced_at timestamptz not null default '-infinity',
  constraint subscriptions_user_id_key unique (user_id)
);
comment on table public.subscriptions is
  'Billing state per user (mirrors Stripe). Users read their own row; only the server writes.';

comment on column public.subscriptions.stripe_synced_at is
  'When the Stripe state last written to this row was read from Stripe; an older read never overwrites it.';

-- Webhooks look subscriptions up by Stripe ids; the deadline job by its dates.
create index subscriptions_stripe_customer_idx
  on public.subscriptions (stripe_customer_id);
create index subscriptions_deadline_idx
  on public.subscriptions (deadline_date) where overdue_date is not null;
create index subscriptions_plan_idx on public.subscriptions (plan_id);
create index subscriptions_target_plan_idx on public.subscriptions (target_plan_id) where target_plan_id is not null;


select private.add_row_triggers('public.subscriptions', array['set_updated_at', 'keep_owner']);

-- One source of truth for limits: whenever the server records a plan on the subscription, the
-- profile follows, so limit triggers only ever read profiles.plan_id. (Servers may also write
-- profiles.plan_id directly; the subscription row is then informational.)
create or replace function private.sync_profile_plan()
returns trigger
language plpgsql
security definer -- runs for the service role and the new-user trigger alike; touches profiles only
set search_path = ''
as $$
begin
  update public.profiles
     set plan_id = new.plan_id
   where id = new.user_id
     and plan_id is distinct from new.plan_id;
  return null;
end;
$$;
revoke all on function private.sync_profile_plan() from public;

create trigger subscriptions_sync_profile_plan
  after insert or update of plan_id on public.subscriptions
  for each row execute function private.sync_profile_plan();

select private.own_rows('public.subscriptions', array['select']);
-- No insert/update/delete policy (and no grant): plan and status are server-only.

-- ---------------------------------------------------------------------------------------------
-- Plan lookups used by triggers, policies and functions.
-- ---------------------------------------------------------------------------------------------

-- The plan a user is on, read from the server-written profile (never from the request).
-- security definer: the limit triggers and policies must see the truth even when the caller's
-- RLS view is narrower (e.g. before the profile row exists it falls back to free).
create or replace function private.user_plan(p_user_id uuid)
returns public.plans
language sql
stable
security definer
set search_path = ''
as $$
  select p.*
    from public.plans p
   where p.plan_id = coalesce(
           (select pr.plan_id from public.profiles pr where pr.id = p_user_id),
           'free')
$$;

-- Whether a user's plan includes a feature: view_3d, listings, barcode_scanning,
-- restore_backup, orders (the same ids as PlanFeature in src/domain/plans.ts).
-- Boilerplate: Postgres spells out each function's declaration (returns, language, security,
-- empty search_path); the bodies differ.
create or replace function private.plan_allows(p_user_id uuid, p_feature text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case p_feature
      when 'view_3d' then p.feature_view_3d
      when 'listings' then p.feature_listings
      when 'barcode_scanning' then p.feature_barcode_scanning
      when 'restore_backup' then p.feature_restore_backup
      when 'orders' then p.feature_orders
      else false
    end, false)
  from private.user_plan(p_user_id) p
$$;

revoke all on function private.user_plan(uuid) from public;
revoke all on function private.plan_allows(uuid, text) from public;
grant execute on function private.plan_allows(uuid, text) to authenticated, service_role;
grant execute on function private.user_plan(uuid) to service_role;

-- API: does the caller's plan (or, for the service role, the given user's plan) include a
-- feature? The browser uses it to show/hide, Netlify functions to refuse (e.g. orders).
-- Invoker: a signed-in user may only ask about themselves.
create or replace function public.has_plan_feature(p_feature text, p_user_id uuid default null)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_user_id is not null and p_user_id is distinct from auth.uid()
     and current_user in ('anon', 'authenticated') then
    raise exception 'Not allowed to read another user''s plan' using errcode = '42501';
  end if;
  if coalesce(p_user_id, auth.uid()) is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  return private.plan_allows(coalesce(p_user_id, auth.uid()), p_feature);
end;
$$;
comment on function public.has_plan_feature(text, uuid) is
  'True when the plan of the caller (or of p_user_id, service role only) includes the feature.';
revoke all on function public.has_plan_feature(text, uuid) from public, anon;
grant execute on function public.has_plan_feature(text, uuid) to authenticated, service_role;

-- import_items and add_scanned_items (security invoker) read the caller's plan
grant execute on function private.user_plan(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- New users
-- ---------------------------------------------------------------------------------------------
-- Every account starts with a profile on the free plan, default preferences and a free
-- subscription row (SPEC section 3 defaults), created in the same transaction as the user.
--
-- security definer: the auth server inserts into auth.users as its own role (on hosted
-- Supabase supabase_auth_admin), which has no rights on public tables. search_path is empty
-- and every name is schema-qualified so the elevated function cannot be redirected.

-- Boilerplate: Postgres spells out each function's declaration (returns, language, security,
-- empty search_path); the bodies differ.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, plan_id)
  values (new.id, new.email, 'free')
  on conflict (id) do nothing;

  insert into public.user_preferences (user_id)
  values (new.id)
  on conflict (user_id) do nothing;

  insert into public.subscriptions (user_id, plan_id, status)
  values (new.id, 'free', 'active')
  on conflict (user_id) do nothing;

  return new;
end;
$$;

-- Keep profiles.email current when the user changes their address.
create or replace function private.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id and email is distinct from new.email;
  return new;
end;
$$;

revoke all on function private.handle_new_user() from public;
revoke all on function private.handle_user_email_change() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row execute function private.handle_user_email_change();

-- Accounts that existed before this migration (hosted projects) get the same rows (their
-- preferences: 20261122000600_preferences_notifications.sql).
insert into public.profiles (id, email, plan_id)
select u.id, u.email, 'free' from auth.users u
on conflict (id) do nothing;
insert into public.subscriptions (user_id, plan_id, status)
select u.id, 'free', 'active' from auth.users u
