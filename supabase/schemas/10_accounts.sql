-- Accounts: an account holds a stockroom, its plan and its members; a user (auth.users) is a
-- person who works in accounts with a role (owner, manager, picker). Row-level security and
-- every function the browser may call decide by membership and role; seats by plan
-- (plans.max_members); invitations and the transfer of ownership are in 80_team.sql, sign-up and
-- the deletion of users in 25_users.sql.
--
-- The words
-- ---------
-- An `account_id` (a column, parameter or variable) holds an account; a `user_id` holds a
-- person, and never an account. Every stockroom table has an `account_id` column (default: the
-- caller's current account; references public.accounts, on delete cascade) that every function,
-- policy, plan limit, storage lock and backup keys on. Who did something is recorded as a person
-- beside it: storage_logs.user_id (its user_email is that person's address),
-- account_invitations.invited_by, account_members.user_id.
--
-- Accounts and their owners
-- -------------------------
-- An account has its own random id (no foreign key to auth.users) and one primary owner
-- (primary_owner_user_id), who is exactly the member with role `owner`: the functions that
-- change one change the other in the same transaction (public.transfer_ownership). Every user
-- has exactly one personal account (personal_account), made at sign-up with a new id, so
-- there is always a stockroom of their own to land in, also after handing one over. Deleting a
-- user is refused while they own an account that has other members (transfer its ownership
-- first); otherwise the accounts they own go with them, and their memberships elsewhere: deleting
-- a user never deletes an account someone else owns or works in.
--
-- Accounts made before this model (a database carried over by local/carry-over.ts) kept their
-- ids, which equal their first owner's user id: that is now just a value.
--
-- Which account a request acts on
-- -------------------------------
-- A user may belong to several accounts. The one a request acts on is the user's CURRENT
-- ACCOUNT: the row in private.current_accounts set by public.switch_account(id) (and by
-- accept_invitation and transfer_ownership), when the user is still a member of it; otherwise
-- the account the user owns; otherwise the one joined first. private.current_account() reads it,
-- on every request, together with the membership: a removed member's next request finds no
-- membership and is refused at once (tokens carry no account or role). Live sync
-- (local/realtime, like Supabase's apply_rls) holds each change against the subscriber's SELECT
-- policies with the subscriber's claims, so it delivers an account's changes to the members
-- whose current account it is and to nobody else.
--
-- Roles
-- -----
--   owner   everything; exactly one per account, its primary owner.
--   manager everything except billing (subscriptions), the eBay connection (tokens, rate
--           limits, sync of listings), transferring ownership and deleting the account.
--   picker  sees the stockroom, moves items, adds items (by hand, by scanning, placing a
--           listing) and puts away, adjusts quantities, works the pick list (picks, unpicks,
--           links SKUs, places listings), undoes changes; of an item that exists, changes only
--           its quantity and shelf, on every path (40_items.sql, refuse_picker_item_details);
--           cannot change an item's name, barcode, SKU, price, expiry or reorder level, build
--           or delete storage, delete items, give items barcodes, import, back up, restore, see
--           backups or billing, or change preferences.
-- Each table's policies decide through one helper per rule, each evaluated once per statement:
--   account_id = (select private.current_account())                        every member
--   account_id = (select private.current_account_for('{owner,manager}'))  only those roles
-- and every public function the browser may call starts with private.require_role(roles), which
-- returns the caller's account (the first declared variable of a plpgsql function, the first
-- statement of an sql one), so a refused role gets 42501 before anything runs, even where RLS
-- alone would only hide rows. order_picks is written only by pick_order_line /
-- unpick_order_line: its insert and delete policies also need the transaction flag those two
-- functions set (set_config is not reachable through the API).

create table public.accounts (
  id uuid primary key default gen_random_uuid(),
  -- the member with role owner (no cascade: deleting that user is decided by
  -- private.handle_user_delete, 25_users.sql)
  primary_owner_user_id uuid not null references auth.users (id),
  name text not null constraint "Account name: 1 to 320 characters" check (length(btrim(name)) between 1 and 320),
  -- the user's own account, made at sign-up: one per user
  personal_account boolean not null default false,
  -- the plan the database enforces limits and features with; follows the account's
  -- subscription (private.sync_account_plan, 20_billing.sql)
  plan_id text not null default 'free' references public.plans (plan_id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.accounts is
  'A stockroom with its plan (plan_id, enforced) and its members; primary_owner_user_id is its owner. Every user has one personal account, made at sign-up.';

create unique index accounts_one_personal_idx on public.accounts (primary_owner_user_id) where personal_account;
create index accounts_primary_owner_idx on public.accounts (primary_owner_user_id);
-- plan ids are few, but changing a plan's row checks every account on it
create index accounts_plan_idx on public.accounts (plan_id);

create trigger accounts_set_updated_at
  before update on public.accounts
  for each row execute function private.set_updated_at();

create table public.account_members (
  account_id uuid not null references public.accounts (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'manager', 'picker')),
  joined_at timestamptz not null default now(),
  last_active_at timestamptz,
  primary key (account_id, user_id)
);
comment on table public.account_members is
  'Who works in which account, with which role; the owner is the account''s primary owner. Written only by the team functions.';

create unique index account_members_one_owner_idx on public.account_members (account_id) where role = 'owner';
create index account_members_user_idx on public.account_members (user_id);

create table public.account_invitations (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references public.accounts (id) on delete cascade,
  email text not null constraint "Invitation e-mail: at most 320 characters" check (length(email) <= 320),
  role text not null check (role in ('manager', 'picker')),
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz
);
comment on table public.account_invitations is
  'Invitations to join an account; a pending one holds a seat. Written only by the team functions.';

create index account_invitations_email_idx on public.account_invitations (lower(email)) where accepted_at is null;
create index account_invitations_invited_by_idx on public.account_invitations (invited_by);
create unique index account_invitations_pending_idx
  on public.account_invitations (account_id, lower(email)) where accepted_at is null;

create table private.current_accounts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  account_id uuid not null references public.accounts (id) on delete cascade
);
comment on table private.current_accounts is
  'The account each user acts on, when they chose one (switch_account, accept_invitation, transfer_ownership); read by private.current_account(). Written only by the team functions.';

create index current_accounts_account_idx on private.current_accounts (account_id);

-- ---------------------------------------------------------------------------------------------
-- Membership helpers. security definer: they read the membership tables past RLS (whose
-- policies call them) and only ever answer about the caller (auth.uid()).
-- ---------------------------------------------------------------------------------------------
-- The caller's membership in their current account (see the header), or null: not signed in, or
-- a member of none. The one place that decides which account is current; the helpers below
-- read its account or role, so a role check costs one read instead of three. plpgsql, like the
-- helpers: RLS and the functions call them once per statement, and an sql function is planned
-- again at every such call (~110 us against ~20 us, the plan kept for the session).
create or replace function private.current_membership()
returns public.account_members
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_member public.account_members;
begin
  select m.* into v_member
    from public.account_members m
    left join private.current_accounts c on c.user_id = m.user_id and c.account_id = m.account_id
   where m.user_id = auth.uid()
   order by (c.user_id is not null) desc, (m.role = 'owner') desc, m.joined_at, m.account_id
   limit 1;
  return v_member;
end;
$$;
comment on function private.current_membership() is
  'The caller''s membership (account and role) in their current account, or null.';
revoke all on function private.current_membership() from public;
grant execute on function private.current_membership() to authenticated, service_role;

-- The account the caller acts on (see the header), or null: not signed in, or a member of none.
create or replace function private.current_account()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (private.current_membership()).account_id;
end;
$$;
comment on function private.current_account() is
  'The account the caller acts on (their current account), or null.';
revoke all on function private.current_account() from public;
grant execute on function private.current_account() to authenticated, service_role;

-- The caller's role in their current account.
create or replace function private.acting_role()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (private.current_membership()).role;
end;
$$;
revoke all on function private.acting_role() from public;
grant execute on function private.acting_role() to authenticated, service_role;

-- The policies' role rule: the caller's current account when their role there is one of
-- p_roles, else null (so `account_id = (select private.current_account_for(...))` matches no row).
create or replace function private.current_account_for(p_roles text[])
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_member public.account_members := private.current_membership();
begin
  return case when v_member.role = any (p_roles) then v_member.account_id end;
end;
$$;
comment on function private.current_account_for(text[]) is
  'The caller''s current account if their role there is one of p_roles, else null (RLS: role rules).';
revoke all on function private.current_account_for(text[]) from public;
grant execute on function private.current_account_for(text[]) to authenticated, service_role;

-- Every account the caller is a member of (RLS of accounts: the account switcher lists them;
-- `id in (select ...)` runs it once per statement).
create or replace function private.member_account_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.account_id from public.account_members m where m.user_id = auth.uid()
$$;
revoke all on function private.member_account_ids() from public;
grant execute on function private.member_account_ids() to authenticated, service_role;

create or replace function private.is_member(p_account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.account_members m
                  where m.account_id = p_account_id and m.user_id = auth.uid())
$$;
revoke all on function private.is_member(uuid) from public;
grant execute on function private.is_member(uuid) to authenticated, service_role;

-- The functions' role check, at the top of each one the browser may call: the caller's current
-- account when their role there is one of p_roles; 42501 otherwise ('Only the account owner can
-- do this.' for owner-only work). Requests without an end user (service role, maintenance) pass
-- with null: such functions take the account from the rows they are given, and those that act on
-- the caller's own account refuse null themselves ('Not authenticated').
create or replace function private.require_role(p_roles text[])
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  v_member public.account_members;
  v_account uuid;
  v_role text;
begin
  if auth.uid() is null then
    if coalesce(auth.role(), '') in ('anon', 'authenticated') then
      raise exception 'Not authenticated' using errcode = '42501';
    end if;
    return null;
  end if;
  v_member := private.current_membership();
  v_account := v_member.account_id;
  v_role := v_member.role;
  if v_account is null then
    raise exception 'You are not a member of any account' using errcode = '42501';
  end if;
  if not (v_role = any (p_roles)) then
    if p_roles = array['owner'] then
      raise exception 'Only the account owner can do this.' using errcode = '42501';
    end if;
    raise exception 'A % of this account cannot do this', v_role using errcode = '42501',
      hint = 'Ask the account''s owner or a manager';
  end if;
  return v_account;
end;
$$;
comment on function private.require_role(text[]) is
  'The caller''s current account if their role there is one of p_roles; 42501 otherwise; null without an end user.';
revoke all on function private.require_role(text[]) from public;
grant execute on function private.require_role(text[]) to authenticated, service_role;

-- The caller's e-mail address in lower case (auth.email()), or null: what an invitee's
-- invitations are matched on. A function of its own so the policy reads it once per statement as
-- (select private.caller_email()), with nothing left to run per row but the column's lower()
-- (docs/architecture.md#security, "Linted like Supabase": auth_rls_initplan).
create or replace function private.caller_email()
returns text
language sql
stable
set search_path = ''
as $$
  select lower(auth.email())
$$;
revoke all on function private.caller_email() from public;
grant execute on function private.caller_email() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The account's plan, used by triggers, policies and functions.
-- ---------------------------------------------------------------------------------------------
-- The plan an account is on, read from the server-written accounts.plan_id (never from the
-- request). security definer: the limit triggers and policies must see the truth even when the
-- caller's RLS view is narrower; an unknown account is on free.
create or replace function private.account_plan(p_account_id uuid)
returns public.plans
language sql
stable
security definer
set search_path = ''
as $$
  select p.*
    from public.plans p
   where p.plan_id = coalesce(
           (select a.plan_id from public.accounts a where a.id = p_account_id),
           'free')
$$;
revoke all on function private.account_plan(uuid) from public;
grant execute on function private.account_plan(uuid) to authenticated, service_role;

-- Whether an account's plan includes a feature: view_3d, listings, barcode_scanning,
-- restore_backup, orders (the same ids as PlanFeature in src/domain/plans.ts).
create or replace function private.plan_allows(p_account_id uuid, p_feature text)
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
  from private.account_plan(p_account_id) p
$$;
revoke all on function private.plan_allows(uuid, text) from public;
grant execute on function private.plan_allows(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- RLS of the team tables. Members read their own memberships (the account switcher) and the
-- accounts they belong to; the current account's members read its member list; owners and
-- managers its invitations; an invitee the invitations sent to their address. Writes go
-- through the team functions only (80_team.sql); owners and managers may rename the account.
-- ---------------------------------------------------------------------------------------------
alter table public.accounts enable row level security;
revoke all on table public.accounts from anon, authenticated;
grant select on table public.accounts to authenticated;
grant update (name) on table public.accounts to authenticated;

create policy accounts_select on public.accounts for select to authenticated
  using (id in (select private.member_account_ids()));
create policy accounts_update on public.accounts for update to authenticated
  using (id = (select private.current_account_for('{owner,manager}')))
  with check (id = (select private.current_account()));
create policy require_mfa_select on public.accounts as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.accounts as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.accounts as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.accounts as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.accounts
  for each statement execute function private.refuse_writes_without_mfa();

alter table public.account_members enable row level security;
revoke all on table public.account_members from anon, authenticated;
grant select on table public.account_members to authenticated;

create policy account_members_select on public.account_members for select to authenticated
  using (user_id = (select auth.uid()) or account_id = (select private.current_account()));
create policy require_mfa_select on public.account_members as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.account_members as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.account_members as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.account_members as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.account_members
  for each statement execute function private.refuse_writes_without_mfa();

alter table public.account_invitations enable row level security;
revoke all on table public.account_invitations from anon, authenticated;
grant select on table public.account_invitations to authenticated;

create policy account_invitations_select on public.account_invitations for select to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}'))
         or lower(email) = (select private.caller_email()));
create policy require_mfa_select on public.account_invitations as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.account_invitations as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.account_invitations as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.account_invitations as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.account_invitations
  for each statement execute function private.refuse_writes_without_mfa();

revoke all on table private.current_accounts from public, anon, authenticated;
