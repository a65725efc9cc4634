-- Profiles and billing: the person's profile, what an account has paid for (its subscription,
-- whose plan the account is on) and the Stripe webhook's idempotency table.
--
-- The browser may read its own profile and, as the account's owner, its subscription, but never
-- write them: plan_id and status change only through the server (Stripe webhook / Netlify
-- functions using the service_role key), otherwise anyone could upgrade themselves with one PATCH
-- request. The server-only clean-ups a plan change can need are in 85_plan_changes.sql.

-- ---------------------------------------------------------------------------------------------
-- profiles: one per user (created by the new-user trigger, 25_users.sql): the person's e-mail.
-- The plan is the account's (accounts.plan_id), not the person's.
-- ---------------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is
  'One row per user (id = the user''s id): their e-mail address. Written only by the server.';

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

-- No insert/update/delete policy (and no grant): only the server writes it.

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();
create trigger require_mfa_for_writes
  before insert or update or delete on public.profiles
  for each statement execute function private.refuse_writes_without_mfa();

-- One source of truth for limits: whenever the server records a plan on the subscription, the
-- account follows, so limit triggers only ever read accounts.plan_id. (Servers may also write
-- accounts.plan_id directly; the subscription row is then informational.)
create or replace function private.sync_account_plan()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.accounts
     set plan_id = new.plan_id
   where id = new.account_id
     and plan_id is distinct from new.plan_id;
  return null;
end;
$$;
revoke all on function private.sync_account_plan() from public;

-- ---------------------------------------------------------------------------------------------
-- subscriptions: the billing state mirrored from Stripe. One row per account.
-- ---------------------------------------------------------------------------------------------
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
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
  constraint subscriptions_account_id_key unique (account_id)
);
comment on table public.subscriptions is
  'Billing state per account (mirrors Stripe). The account''s owner reads it; only the server writes.';
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
  using (account_id = (select private.current_account_for('{owner}')));
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
create trigger subscriptions_keep_account
  before update on public.subscriptions
  for each row execute function private.keep_account();
create trigger subscriptions_set_updated_at
  before update on public.subscriptions
  for each row execute function private.set_updated_at();
create trigger subscriptions_sync_account_plan
  after insert or update of plan_id on public.subscriptions
  for each row execute function private.sync_account_plan();

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
-- Plan features for the browser and the functions
-- ---------------------------------------------------------------------------------------------
-- API: does the plan of the caller's account (or, for the service role, of the given account)
-- include a feature? The browser uses it to show/hide, Netlify functions to refuse (e.g.
-- orders). Invoker: a signed-in user may only ask about the account they act on.
create or replace function public.has_plan_feature(p_feature text, p_account_id uuid default NULL::uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
begin
  if p_account_id is not null and p_account_id is distinct from v_account
     and current_user in ('anon', 'authenticated') then
    raise exception 'Not allowed to read another account''s plan' using errcode = '42501';
  end if;
  if coalesce(p_account_id, v_account) is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  return private.plan_allows(coalesce(p_account_id, v_account), p_feature);
end;
$$;
comment on function public.has_plan_feature(text, uuid) is
  'True when the plan of the caller''s account (or of p_account_id, service role only) includes the feature.';
revoke all on function public.has_plan_feature(text, uuid) from public, anon;
