-- Accounts (issue #27): accounts own the stockroom; users are members of accounts with a role
-- (owner, manager, picker); row-level security and every function the browser may call decide
-- by membership and role; seats by plan (plans.max_members); invitations.
--
-- How rows belong to an account
-- -----------------------------
-- Every stockroom table has a `user_id` column that every function, policy, plan limit, storage
-- lock and backup keys on. That column holds the ACCOUNT the row belongs to: an account made at
-- sign-up has its owner's user id as its id, and every per-seller rule (plan limits, locks,
-- renumbering, undo, backups) is per account. Who did a change is recorded apart from it:
-- storage_logs.actor_id (and its user_email is the actor's address),
-- account_invitations.invited_by. The account's id references the user it was made for
-- (deleting that user deletes the account's stockroom).
--
-- Which account a request acts on
-- -------------------------------
-- A user may belong to several accounts. The one a request acts on is the user's CURRENT
-- ACCOUNT: the row in private.current_accounts set by public.switch_account(id) (and by
-- accept_invitation), when the user is still a member of it; otherwise the account the user
-- owns; otherwise the one joined first. private.current_account() reads it, on every request,
-- together with the membership: a removed member's next request finds no membership and is
-- refused at once (tokens carry no account or role). Live sync (local/realtime, like Supabase's
-- apply_rls) holds each change against the subscriber's SELECT policies with the subscriber's
-- claims, so it delivers an account's changes to the members whose current account it is and
-- to nobody else.
--
-- Roles
-- -----
--   owner   everything; exactly one per account.
--   manager everything except billing (subscriptions), the eBay connection (tokens, rate
--           limits, sync of listings) and deleting the account.
--   picker  sees the stockroom, moves items, adds by scanning and puts away, adjusts
--           quantities, works the pick list (picks, unpicks, links SKUs, places listings),
--           undoes changes; cannot build or delete storage, delete items, import, back up,
--           restore, see backups or billing, or change preferences.
-- Each table's policies say which role may do which command:
--   user_id = (select private.current_account()) [and (select private.acting_role()) = any (roles)]
-- and every public function the browser may call starts with private.require_role(roles) (the
-- first declared variable of a plpgsql function, the first statement of an sql one), so a
-- refused role gets 42501 before anything runs, even where RLS alone would only hide rows.
-- order_picks is written only by pick_order_line / unpick_order_line: its insert and delete
-- policies also need the transaction flag those two functions set (set_config is not reachable
-- through the API).

create table public.accounts (
  -- the stockroom's first owner: deleting that user deletes the stockroom
  id uuid primary key default gen_random_uuid() references auth.users (id) on delete cascade,
  name text not null constraint "Account name: 1 to 320 characters" check (length(btrim(name)) between 1 and 320),
  created_at timestamptz not null default now()
);
comment on table public.accounts is
  'A stockroom and its plan; its members work in it with a role. Sign-up makes one whose id is the new user''s id.';

create table public.account_members (
  account_id uuid not null references public.accounts (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'manager', 'picker')),
  joined_at timestamptz not null default now(),
  last_active_at timestamptz,
  primary key (account_id, user_id)
);
comment on table public.account_members is
  'Who works in which account, with which role. Written only by the team functions.';

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

-- The account each user acts on (see the header). private: only the functions write it.
create table private.current_accounts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  account_id uuid not null references public.accounts (id) on delete cascade
);

create index current_accounts_account_idx on private.current_accounts (account_id);

-- ---------------------------------------------------------------------------------------------
-- Membership helpers. security definer: they read the membership tables past RLS (whose
-- policies call them) and only ever answer about the caller (auth.uid()).
-- ---------------------------------------------------------------------------------------------
create or replace function private.current_account()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.account_id
    from public.account_members m
    left join private.current_accounts c on c.user_id = m.user_id and c.account_id = m.account_id
   where m.user_id = auth.uid()
   order by (c.user_id is not null) desc, (m.role = 'owner') desc, m.joined_at, m.account_id
   limit 1
$$;
revoke all on function private.current_account() from public;
grant execute on function private.current_account() to authenticated, service_role;

create or replace function private.acting_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select m.role from public.account_members m
   where m.user_id = auth.uid() and m.account_id = private.current_account()
$$;
revoke all on function private.acting_role() from public;
grant execute on function private.acting_role() to authenticated, service_role;

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

create or replace function private.has_role(p_account_id uuid, p_roles text[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.account_members m
                  where m.account_id = p_account_id and m.user_id = auth.uid()
                    and m.role = any (p_roles))
$$;
revoke all on function private.has_role(uuid, text[]) from public;
grant execute on function private.has_role(uuid, text[]) to authenticated, service_role;

-- The caller's current account when their role there is one of p_roles; 42501 otherwise.
-- Requests without an end user (service role, maintenance) pass with null.
create or replace function private.require_role(p_roles text[])
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  v_account uuid;
  v_role text;
begin
  if auth.uid() is null then
    if coalesce(auth.role(), '') in ('anon', 'authenticated') then
      raise exception 'Not authenticated' using errcode = '42501';
    end if;
    return null;
  end if;
  v_account := private.current_account();
  if v_account is null then
    raise exception 'You are not a member of any account' using errcode = '42501';
  end if;
  v_role := private.acting_role();
  if not (v_role = any (p_roles)) then
    raise exception 'A % of this account cannot do this', v_role using errcode = '42501',
      hint = 'Ask the account''s owner or a manager';
  end if;
  return v_account;
end;
$$;
revoke all on function private.require_role(text[]) from public;
grant execute on function private.require_role(text[]) to authenticated, service_role;

-- The account the caller acts on (their current account); 42501 when not signed in or a member
-- of no account.
create or replace function private.caller_id()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  v_account uuid;
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  v_account := private.current_account();
  if v_account is null then
    raise exception 'You are not a member of any account' using errcode = '42501';
  end if;
  return v_account;
end;
$$;
revoke all on function private.caller_id() from public;
grant execute on function private.caller_id() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- RLS of the team tables. Members read their own memberships (the account switcher) and the
-- accounts they belong to; the current account's members read its member list; owners and
-- managers its invitations; an invitee the invitations sent to their address. Writes go
-- through the team functions only (25_team.sql).
-- ---------------------------------------------------------------------------------------------
alter table public.accounts enable row level security;
revoke all on table public.accounts from anon, authenticated;
grant select on table public.accounts to authenticated;
grant update (name) on table public.accounts to authenticated;

create policy accounts_select on public.accounts for select to authenticated
  using ((select private.is_member(id)));
create policy accounts_update on public.accounts for update to authenticated
  using (id = (select private.current_account())
         and (select private.acting_role()) = any (array['owner', 'manager']))
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
  using ((account_id = (select private.current_account())
          and (select private.acting_role()) = any (array['owner', 'manager']))
         or lower(email) = lower((select auth.jwt() ->> 'email')));
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
