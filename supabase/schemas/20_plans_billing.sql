-- Plans, profiles and subscriptions: what an account has paid for and therefore what it may
-- store; and the Stripe webhook's idempotency table.
--
-- The browser may read its own profile and subscription but never write them: plan_id and status
-- change only through the server (Stripe webhook / Netlify functions using the service_role key),
-- otherwise anyone could upgrade themselves with one PATCH request. The server-only clean-ups a
-- plan change can need are in 85_plan_changes.sql.

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
  feature_orders boolean not null,
  -- seats: members plus pending invitations, owner included
  max_members integer not null default 1 check (max_members > 0)
);
comment on table public.plans is
  'Subscription plans and their limits (SPEC section 6). Read-only reference data; must match src/domain/plans.ts.';

alter table public.plans enable row level security;
revoke all on table public.plans from anon, authenticated;
grant select on table public.plans to authenticated;

-- Reference data: every signed-in user may read the whole catalogue; nobody writes it via REST.
create policy plans_select on public.plans
  for select to authenticated
  using (true);
create policy require_mfa_select on public.plans as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.plans as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.plans as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.plans as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.plans
  for each statement execute function private.refuse_writes_without_mfa();

-- The catalogue (reference data). max_members: seats, owner included.
insert into public.plans
  (plan_id, display_name, sort_order, max_items, max_units, max_rooms,
   feature_view_3d, feature_listings, feature_barcode_scanning, feature_restore_backup, feature_orders,
   max_members)
values
  ('free', 'Free', 0, 100, 3, 1, false, false, false, false, false, 1),
  ('growing', 'Growing Seller', 1, 500, 20, 2, true, true, false, false, false, 2),
  ('power', 'Power Seller', 2, 1000, 50, 5, true, true, true, true, false, 5),
  ('elite', 'Elite Seller', 3, 5000, 100, 10, true, true, true, true, true, 10)
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
  feature_orders = excluded.feature_orders,
  max_members = excluded.max_members;

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

alter table public.profiles enable row level security;
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;

create policy profiles_select on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));
create policy require_mfa_select on public.profiles as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.profiles as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.profiles as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.profiles as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

-- No insert/update/delete policy (and no grant): a user must not change their own plan.

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();
create trigger require_mfa_for_writes
  before insert or update or delete on public.profiles
  for each statement execute function private.refuse_writes_without_mfa();

-- One source of truth for limits: whenever the server records a plan on the subscription, the
-- profile follows, so limit triggers only ever read profiles.plan_id. (Servers may also write
-- profiles.plan_id directly; the subscription row is then informational.)
create or replace function private.sync_profile_plan()
returns trigger
language plpgsql
security definer
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

-- ---------------------------------------------------------------------------------------------
-- subscriptions: the billing state mirrored from Stripe. One row per user.
-- ---------------------------------------------------------------------------------------------
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default private.current_account() references auth.users (id) on delete cascade,
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

create index subscriptions_deadline_idx
  on public.subscriptions (deadline_date) where overdue_date is not null;
create index subscriptions_plan_idx on public.subscriptions (plan_id);
-- Webhooks look subscriptions up by Stripe ids; the deadline job by its dates.
create index subscriptions_stripe_customer_idx
  on public.subscriptions (stripe_customer_id);
create index subscriptions_target_plan_idx on public.subscriptions (target_plan_id) where target_plan_id is not null;

alter table public.subscriptions enable row level security;
revoke all on table public.subscriptions from anon, authenticated;
grant select on table public.subscriptions to authenticated;

create policy subscriptions_select on public.subscriptions
  for select to authenticated
  using (user_id = (select private.current_account())
         and (select private.acting_role()) = any ('{owner}'::text[]));
create policy require_mfa_select on public.subscriptions as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.subscriptions as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.subscriptions as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.subscriptions as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

-- Only the owner reads it (billing); no insert/update/delete policy (and no grant): plan and
-- status are server-only.

create trigger require_mfa_for_writes
  before insert or update or delete on public.subscriptions
  for each statement execute function private.refuse_writes_without_mfa();
create trigger subscriptions_keep_owner
  before update on public.subscriptions
  for each row execute function private.keep_owner();
create trigger subscriptions_set_updated_at
  before update on public.subscriptions
  for each row execute function private.set_updated_at();
create trigger subscriptions_sync_profile_plan
  after insert or update of plan_id on public.subscriptions
  for each row execute function private.sync_profile_plan();

-- ---------------------------------------------------------------------------------------------
-- stripe_events: every webhook event we have handled, so a redelivered event (Stripe retries and
-- may send an event more than once) is acknowledged without being applied twice.
-- ---------------------------------------------------------------------------------------------
create table public.stripe_events (
  event_id text primary key check (event_id like 'evt_%'),
  type text not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);
comment on table public.stripe_events is
  'Stripe webhook events received (idempotency of the stripe-webhook function). Service role only.';

alter table public.stripe_events enable row level security;
revoke all on table public.stripe_events from anon, authenticated;

-- No policies: nobody but the service role (which bypasses RLS) reads or writes it.

create policy require_mfa_select on public.stripe_events as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.stripe_events as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.stripe_events as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.stripe_events as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.stripe_events
  for each statement execute function private.refuse_writes_without_mfa();

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
revoke all on function private.user_plan(uuid) from public;
grant execute on function private.user_plan(uuid) to authenticated, service_role;

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
revoke all on function private.plan_allows(uuid, text) from public;
grant execute on function private.plan_allows(uuid, text) to authenticated, service_role;

-- API: does the caller's plan (or, for the service role, the given user's plan) include a
-- feature? The browser uses it to show/hide, Netlify functions to refuse (e.g. orders).
-- Invoker: a signed-in user may only ask about themselves.
create or replace function public.has_plan_feature(p_feature text, p_user_id uuid default NULL::uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  _team_account uuid := private.require_role('{owner,manager,picker}'::text[]);
begin
  if p_user_id is not null and p_user_id is distinct from private.current_account()
     and current_user in ('anon', 'authenticated') then
    raise exception 'Not allowed to read another user''s plan' using errcode = '42501';
  end if;
  if coalesce(p_user_id, private.current_account()) is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  return private.plan_allows(coalesce(p_user_id, private.current_account()), p_feature);
end;
$$;
comment on function public.has_plan_feature(text, uuid) is
  'True when the plan of the caller (or of p_user_id, service role only) includes the feature.';
revoke all on function public.has_plan_feature(text, uuid) from public, anon;

-- ---------------------------------------------------------------------------------------------
-- New users
-- ---------------------------------------------------------------------------------------------
-- Every user starts with their own account (as its owner), a profile on the free plan, default
-- preferences and a free subscription row (SPEC section 3 defaults), created in the same
-- transaction as the user.
--
-- security definer: the auth server inserts into auth.users as its own role (on hosted
-- Supabase supabase_auth_admin), which has no rights on public tables. search_path is empty
-- and every name is schema-qualified so the elevated function cannot be redirected.
-- Sign-up: the new user's own account (its id is the user's), with the user as its owner; the
-- profile, preferences and subscription rows of SPEC section 3's defaults.
-- Boilerplate: Postgres spells out each function's declaration (returns, language, security,
-- empty search_path); the bodies differ.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.accounts (id, name)
  values (new.id, left(coalesce(nullif(btrim(new.email), ''), 'My stockroom'), 320))
  on conflict (id) do nothing;
  insert into public.account_members (account_id, user_id, role)
  values (new.id, new.id, 'owner')
  on conflict do nothing;

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
revoke all on function private.handle_new_user() from public;

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
revoke all on function private.handle_user_email_change() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row execute function private.handle_user_email_change();
