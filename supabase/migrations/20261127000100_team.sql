-- Team (issue #27, database core): accounts own the stockroom; users are members of accounts
-- with a role (owner, manager, picker); row-level security and every function the browser may
-- call decide by membership and role; seats by plan; invitations.
--
-- How rows belong to an account
-- -----------------------------
-- Every stockroom table already has a `user_id` column that every function, policy, plan limit,
-- storage lock and backup keys on. That column now holds the ACCOUNT the row belongs to: an
-- account made at sign-up (and every account that existed before this migration) has its
-- owner's user id as its id, so existing rows belong to their owner's account without being
-- rewritten, and every per-seller rule (plan limits, locks, renumbering, undo, backups) is per
-- account as it stands. Who did a change is recorded apart from it: storage_logs.actor_id (and
-- its user_email is the actor's address), account_invitations.invited_by. The account's id
-- references the user it was made for (deleting that user deletes the account's stockroom, as
-- deleting a user deleted their stockroom before).
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
-- Table policies (private.account_rows) say which role may do which command; every public
-- function the browser may call starts with private.require_role(roles) (injected below), so a
-- refused role gets 42501 before anything runs, even where RLS alone would only hide rows.
-- order_picks is written only by pick_order_line / unpick_order_line: its insert and delete
-- policies also need the transaction flag those two functions set (set_config is not reachable
-- through the API).

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------
create table public.accounts (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint "Account name: 1 to 320 characters" check (length(btrim(name)) between 1 and 320),
  created_at timestamptz not null default now()
);
comment on table public.accounts is
  'A stockroom and its plan; its members work in it with a role. Sign-up makes one whose id is the new user''s id.';

-- The stockroom's first owner: deleting that user deletes the stockroom (as before accounts).
alter table public.accounts
  add constraint accounts_id_fkey foreign key (id) references auth.users (id) on delete cascade;

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
create unique index account_invitations_pending_idx
  on public.account_invitations (account_id, lower(email)) where accepted_at is null;
create index account_invitations_invited_by_idx on public.account_invitations (invited_by);
create index account_invitations_email_idx on public.account_invitations (lower(email)) where accepted_at is null;

-- The account each user acts on (see the header). private: only the functions write it.
create table private.current_accounts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  account_id uuid not null references public.accounts (id) on delete cascade
);
create index current_accounts_account_idx on private.current_accounts (account_id);

-- Seats: members plus pending invitations, owner included.
alter table public.plans add column max_members integer not null default 1 check (max_members > 0);
update public.plans set max_members = case plan_id
  when 'free' then 1 when 'growing' then 2 when 'power' then 5 when 'elite' then 10 end;

-- Who did a change (the account is user_id).
alter table public.storage_logs
  add column actor_id uuid default auth.uid() references auth.users (id) on delete set null;
update public.storage_logs set actor_id = user_id where actor_id is null;
create index storage_logs_actor_idx on public.storage_logs (actor_id) where actor_id is not null;

-- ---------------------------------------------------------------------------------------------
-- Existing sellers: each gets an account with their user id, as its owner.
-- ---------------------------------------------------------------------------------------------
insert into public.accounts (id, name, created_at)
select u.id, left(coalesce(nullif(btrim(u.email), ''), 'My stockroom'), 320), coalesce(u.created_at, now())
  from auth.users u
on conflict (id) do nothing;
insert into public.account_members (account_id, user_id, role, joined_at)
select u.id, u.id, 'owner', coalesce(u.created_at, now()) from auth.users u
on conflict do nothing;

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

revoke all on function private.current_account() from public;
revoke all on function private.acting_role() from public;
revoke all on function private.is_member(uuid) from public;
revoke all on function private.has_role(uuid, text[]) from public;
revoke all on function private.require_role(text[]) from public;
grant execute on function private.current_account(), private.acting_role(), private.is_member(uuid),
  private.has_role(uuid, text[]), private.require_role(text[]) to authenticated, service_role;

-- The account the caller acts on (was: the caller's user id).
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

-- ---------------------------------------------------------------------------------------------
-- Functions that meant "the caller's stockroom" by auth.uid() now mean the caller's current
-- account: their text is rewritten in place (everything else about them, grants and comments
-- included, stays). private.mfa_satisfied() keeps auth.uid(): two-factor is the person's.
-- ---------------------------------------------------------------------------------------------
do $$
declare
  v_fn record;
  v_def text;
begin
  for v_fn in
    select p.oid, n.nspname, p.proname
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private')
       and p.prokind = 'f'
       and p.prosrc like '%auth.uid()%'
       and p.proname not in ('mfa_satisfied', 'caller_id', 'current_account', 'acting_role',
                             'is_member', 'has_role', 'require_role', 'log')
  loop
    v_def := replace(pg_get_functiondef(v_fn.oid), 'auth.uid()', 'private.current_account()');
    execute v_def;
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- New rows belong to the caller's current account.
-- ---------------------------------------------------------------------------------------------
do $$
declare
  v_col record;
begin
  for v_col in
    select c.table_name, c.column_name
      from information_schema.columns c
     where c.table_schema = 'public' and c.column_default like '%auth.uid()%'
       and not (c.table_name = 'storage_logs' and c.column_name = 'actor_id')
       and c.table_name <> 'profiles'
  loop
    execute format('alter table public.%I alter column %I set default private.current_account()',
                   v_col.table_name, v_col.column_name);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- private.account_rows(table, roles per command): replaces the table's "<table>_<command>"
-- policies with ones limited to the caller's current account and, per command, to the roles
-- given (a command not given gets no policy: refused). p_extra is AND-ed to insert/delete.
-- ---------------------------------------------------------------------------------------------
create or replace function private.account_rows(
  p_table regclass,
  p_roles jsonb,
  p_owner text default 'user_id',
  p_extra text default null
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_cmd text;
  v_expr text;
  v_roles text[];
begin
  select c.relname into v_name from pg_class c where c.oid = p_table;
  foreach v_cmd in array array['select', 'insert', 'update', 'delete'] loop
    execute format('drop policy if exists %I on %s', v_name || '_' || v_cmd, p_table);
    continue when not (p_roles ? v_cmd);
    v_roles := array(select jsonb_array_elements_text(p_roles -> v_cmd));
    v_expr := format('%I = (select private.current_account())', p_owner);
    if not (v_roles @> array['owner', 'manager', 'picker']) then
      v_expr := v_expr || format(' and (select private.acting_role()) = any (%L::text[])', v_roles);
    end if;
    if p_extra is not null and v_cmd in ('insert', 'delete') then
      v_expr := v_expr || ' and ' || p_extra;
    end if;
    execute format(
      'create policy %I on %s for %s to authenticated %s',
      v_name || '_' || v_cmd, p_table, v_cmd,
      case v_cmd
        when 'insert' then format('with check (%s)', v_expr)
        when 'update' then format('using (%s) with check (%s)', v_expr, v_expr)
        else format('using (%s)', v_expr)
      end);
  end loop;
end;
$$;
revoke all on function private.account_rows(regclass, jsonb, text, text) from public, anon, authenticated;

-- New tables of later migrations: private.own_rows() now gives every member of the account
-- every command granted (its auth.uid() was rewritten above to the current account).

do $$
declare
  v_all text := '["owner", "manager", "picker"]';
  v_om text := '["owner", "manager"]';
  v_o text := '["owner"]';
begin
  perform private.account_rows('public.storage_rooms',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_all, v_om, v_om, v_om)::jsonb);
  perform private.account_rows('public.storage_isles',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_all, v_om, v_om, v_om)::jsonb);
  perform private.account_rows('public.storage_units',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_all, v_om, v_om, v_om)::jsonb);
  perform private.account_rows('public.storage_shelves',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_all, v_om, v_om, v_om)::jsonb);
  perform private.account_rows('public.storage_items',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_all, v_all, v_all, v_om)::jsonb);
  perform private.account_rows('public.import_batches',
    format('{"select": %s, "insert": %s, "delete": %s}', v_om, v_om, v_om)::jsonb);
  perform private.account_rows('public.storage_logs',
    format('{"select": %s, "delete": %s}', v_all, v_om)::jsonb);
  perform private.account_rows('public.user_preferences',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_all, v_om, v_om, v_om)::jsonb);
  perform private.account_rows('public.dismissed_notifications',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_all, v_all, v_all, v_all)::jsonb);
  perform private.account_rows('public.backups',
    format('{"select": %s, "delete": %s}', v_om, v_om)::jsonb);
  perform private.account_rows('public.subscriptions', format('{"select": %s}', v_o)::jsonb);
  perform private.account_rows('public.ebay_tokens',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_o, v_o, v_o, v_o)::jsonb);
  perform private.account_rows('public.ebay_inventory',
    format('{"select": %s, "delete": %s}', v_all, v_o)::jsonb);
  perform private.account_rows('public.api_rate_limits', format('{"select": %s}', v_o)::jsonb);
  perform private.account_rows('public.undo_changes', format('{"select": %s}', v_all)::jsonb);
  perform private.account_rows('public.sku_links',
    format('{"select": %s, "insert": %s, "update": %s, "delete": %s}', v_all, v_all, v_all, v_all)::jsonb);
  perform private.account_rows('public.order_picks',
    format('{"select": %s, "insert": %s, "delete": %s}', v_all, v_all, v_all)::jsonb,
    p_extra => $x$coalesce(current_setting('stockroom.picking', true), '') = 'on'$x$);
end;
$$;

-- Listings: every member sees them (placing one is putting stock away); plan-gated as before.
drop policy ebay_processed_listings_select on public.ebay_processed_listings;
drop policy ebay_processed_listings_update on public.ebay_processed_listings;
create policy ebay_processed_listings_select on public.ebay_processed_listings for select to authenticated
  using (user_id = (select private.current_account())
         and (select private.plan_allows((select private.current_account()), 'listings')));
create policy ebay_processed_listings_update on public.ebay_processed_listings for update to authenticated
  using (user_id = (select private.current_account())
         and (select private.plan_allows((select private.current_account()), 'listings')))
  with check (user_id = (select private.current_account()));

-- ---------------------------------------------------------------------------------------------
-- Every function the browser may call checks the caller's role first (see the header).
-- plpgsql: a first declared variable initialised by private.require_role() runs before
-- anything else; sql: a first statement.
-- ---------------------------------------------------------------------------------------------
create or replace function private.require_role_in(p_function text, p_roles text[], p_extra text default '')
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_fn record;
  v_def text;
  v_new text;
  v_check text := format('private.require_role(%L::text[])', p_roles);
begin
  for v_fn in
    select p.oid, l.lanname from pg_proc p join pg_language l on l.oid = p.prolang
     where p.pronamespace = 'public'::regnamespace and p.proname = p_function
  loop
    v_def := pg_get_functiondef(v_fn.oid);
    if v_fn.lanname = 'plpgsql' then
      v_new := regexp_replace(v_def, 'AS \$function\$\s*declare',
        format(E'AS $function$\ndeclare\n  _team_account uuid := %s;%s', v_check, p_extra), 'i');
      if v_new = v_def then
        v_new := regexp_replace(v_def, 'AS \$function\$\s*begin',
          format(E'AS $function$\ndeclare\n  _team_account uuid := %s;%s\nbegin', v_check, p_extra), 'i');
      end if;
    else
      v_new := regexp_replace(v_def, 'AS \$function\$',
        format(E'AS $function$\n  select %s;', v_check));
    end if;
    if v_new = v_def then
      raise exception 'Cannot add the role check to public.%', p_function;
    end if;
    execute v_new;
  end loop;
  if not found then
    raise exception 'No function public.%', p_function;
  end if;
end;
$$;
revoke all on function private.require_role_in(text, text[], text) from public, anon, authenticated;

do $$
declare
  v_name text;
begin
  foreach v_name in array array[
    'add_isle', 'add_room', 'add_shelf', 'add_unit', 'rename_unit', 'renumber_isle', 'update_room',
    'save_room_layout', 'remove_isle', 'remove_room', 'remove_shelf', 'remove_unit', 'remove_items',
    'assign_barcodes', 'import_items', 'commit_import', 'discard_import', 'create_backup',
    'restore_backup', 'restore_from_backup', 'backup_deleted_things']
  loop
    perform private.require_role_in(v_name, array['owner', 'manager']);
  end loop;
  perform private.require_role_in('save_ebay_tokens', array['owner']);
  foreach v_name in array array[
    'add_item', 'add_scanned_items', 'move_items', 'update_item', 'low_stock_items',
    'room_shelf_fill', 'undo_change', 'undoable_changes', 'link_sku', 'place_listing',
    'has_plan_feature']
  loop
    perform private.require_role_in(v_name, array['owner', 'manager', 'picker']);
  end loop;
  foreach v_name in array array['pick_order_line', 'unpick_order_line'] loop
    perform private.require_role_in(v_name, array['owner', 'manager', 'picker'],
      E'\n  _picking text := set_config(''stockroom.picking'', ''on'', true);');
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Activity log: the account (user_id) and who did it (actor_id; user_email is the actor's).
-- ---------------------------------------------------------------------------------------------
create or replace function private.fill_log_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.user_email := coalesce((select u.email from auth.users u where u.id = coalesce(new.actor_id, new.user_id)),
                             new.user_email);
  return new;
end;
$$;

-- As in 20261126000100_undo.sql (the line names the open change), and: a signed-in caller may
-- only log for the account they act on; the line records them as its actor, and their
-- membership's last activity moves on.
create or replace function private.log(p_user_id uuid, p_action text, p_details text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change uuid := nullif(current_setting('stockroom.undo_change', true), '')::uuid;
  v_details text := case when length(p_details) > 1000 then left(p_details, 999) || '…' else p_details end;
begin
  if auth.role() = 'authenticated' and p_user_id is distinct from private.current_account() then
    raise exception 'Not allowed to log for another account' using errcode = '42501';
  end if;
  if v_change is not null then
    update public.undo_changes c set summary = coalesce(c.summary, v_details)
     where c.change_id = v_change and c.user_id = p_user_id;
    if not found then
      v_change := null;
    end if;
  end if;
  insert into public.storage_logs (user_id, actor_id, action, details, change_id)
  values (p_user_id, auth.uid(), p_action, v_details, v_change);

  if auth.uid() is not null then
    update public.account_members m set last_active_at = now()
     where m.account_id = p_user_id and m.user_id = auth.uid();
  end if;

  delete from public.storage_logs l
   where l.log_id in (select k.log_id from public.storage_logs k where k.user_id = p_user_id
                       order by k."timestamp" desc, k.log_id desc offset private.log_keeps());
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Sign-up: the new user's own account, as its owner (the rest as before).
-- ---------------------------------------------------------------------------------------------
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

-- ---------------------------------------------------------------------------------------------
-- RLS of the team tables. Members read their own memberships (the account switcher) and the
-- accounts they belong to; the current account's members read its member list; owners and
-- managers its invitations; an invitee the invitations sent to their address. Writes go
-- through the team functions only.
-- ---------------------------------------------------------------------------------------------
alter table public.accounts enable row level security;
alter table public.account_members enable row level security;
alter table public.account_invitations enable row level security;
revoke all on table public.accounts, public.account_members, public.account_invitations from anon, authenticated;
grant select on table public.accounts, public.account_members, public.account_invitations to authenticated;
grant update (name) on table public.accounts to authenticated;
grant all on table public.accounts, public.account_members, public.account_invitations to service_role;
revoke all on table private.current_accounts from public, anon, authenticated;

create policy accounts_select on public.accounts for select to authenticated
  using ((select private.is_member(id)));
create policy accounts_update on public.accounts for update to authenticated
  using (id = (select private.current_account())
         and (select private.acting_role()) = any (array['owner', 'manager']))
  with check (id = (select private.current_account()));
create policy account_members_select on public.account_members for select to authenticated
  using (user_id = (select auth.uid()) or account_id = (select private.current_account()));
create policy account_invitations_select on public.account_invitations for select to authenticated
  using ((account_id = (select private.current_account())
          and (select private.acting_role()) = any (array['owner', 'manager']))
         or lower(email) = lower((select auth.jwt() ->> 'email')));

select private.require_mfa('public.accounts');
select private.require_mfa('public.account_members');
select private.require_mfa('public.account_invitations');

-- ---------------------------------------------------------------------------------------------
-- Team functions. The browser calls the public ones (security invoker: they check the role and
-- the input); the membership writes are done by private security definer workers, because no
-- API role may write another user's membership. Every one logs through private.log().
-- ---------------------------------------------------------------------------------------------

-- Seats in use: members plus invitations still pending.
create or replace function private.seats_used(p_account_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*) from public.account_members m where m.account_id = p_account_id)::integer
       + (select count(*) from public.account_invitations i
           where i.account_id = p_account_id and i.accepted_at is null and i.expires_at > now())::integer
$$;

create or replace function private.team_invite(p_email text, p_role text)
returns public.account_invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner', 'manager']);
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_plan public.plans;
  v_inv public.account_invitations;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_role is null or p_role not in ('owner', 'manager', 'picker') then
    raise exception 'Role must be manager or picker' using errcode = '22023';
  end if;
  if p_role = 'owner' then
    raise exception 'An account has one owner: invite a manager or a picker' using errcode = '22023';
  end if;
  if length(v_email) > 320 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter an e-mail address like name@example.com' using errcode = '22023';
  end if;
  if exists (select 1 from public.account_members m join auth.users u on u.id = m.user_id
              where m.account_id = v_account and lower(u.email) = v_email) then
    raise exception '% is already a member of this account', v_email using errcode = '22023';
  end if;

  -- One invitation at a time per account: the seat count below sees every committed one.
  perform 1 from public.accounts a where a.id = v_account for update;

  -- Inviting again renews a pending invitation (the screen's "Resend"); it holds its seat.
  update public.account_invitations i
     set role = p_role, expires_at = now() + interval '7 days', invited_by = auth.uid()
   where i.account_id = v_account and lower(i.email) = v_email and i.accepted_at is null
  returning * into v_inv;
  if found then
    perform private.log(v_account, 'invite_member', format('Invited %s again as %s', v_email, p_role));
    return v_inv;
  end if;

  v_plan := private.user_plan(v_account);
  -- an expired invitation frees its seat
  delete from public.account_invitations i
   where i.account_id = v_account and i.accepted_at is null and i.expires_at <= now();
  if private.seats_used(v_account) + 1 > v_plan.max_members then
    raise exception using
      errcode = 'P0001',
      message = 'PLAN_LIMIT_REACHED: ' || case when v_plan.max_members = 1
        then format('Your %s plan is for the owner only. Upgrade to add team members', v_plan.plan_id)
        else format('Your %s plan allows %s team members (owner included). Please upgrade to add more',
                    v_plan.plan_id, v_plan.max_members) end,
      detail = json_build_object('kind', 'members', 'plan', v_plan.plan_id, 'limit', v_plan.max_members)::text,
      hint = 'Visit the pricing page to upgrade your plan';
  end if;

  insert into public.account_invitations (account_id, email, role, invited_by)
  values (v_account, v_email, p_role, auth.uid())
  returning * into v_inv;
  perform private.log(v_account, 'invite_member', format('Invited %s as %s', v_email, p_role));
  return v_inv;
end;
$$;

create or replace function private.team_withdraw(p_invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner', 'manager']);
  v_inv public.account_invitations;
begin
  delete from public.account_invitations i
   where i.id = p_invitation_id and i.account_id = v_account and i.accepted_at is null
  returning * into v_inv;
  if not found then
    raise exception 'Invitation not found' using errcode = 'PT404';
  end if;
  perform private.log(v_account, 'withdraw_invitation', format('Withdrew the invitation of %s', v_inv.email));
end;
$$;

create or replace function private.team_accept(p_invitation_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_inv public.account_invitations;
begin
  if v_uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select lower(u.email) into v_email from auth.users u where u.id = v_uid;
  select * into v_inv from public.account_invitations i
   where i.id = p_invitation_id and lower(i.email) = v_email and i.accepted_at is null
     for update;
  if not found then
    raise exception 'Invitation not found' using errcode = 'PT404';
  end if;
  if v_inv.expires_at <= now() then
    raise exception 'This invitation has expired: ask for a new one' using errcode = '22023';
  end if;
  update public.account_invitations set accepted_at = now() where id = v_inv.id;
  insert into public.account_members (account_id, user_id, role, last_active_at)
  values (v_inv.account_id, v_uid, v_inv.role, now())
  on conflict (account_id, user_id) do nothing;
  insert into private.current_accounts (user_id, account_id) values (v_uid, v_inv.account_id)
  on conflict (user_id) do update set account_id = excluded.account_id;
  perform private.log(v_inv.account_id, 'accept_invitation', format('%s joined as %s', v_email, v_inv.role));
  return v_inv.account_id;
end;
$$;

create or replace function private.team_change_role(p_user_id uuid, p_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner', 'manager']);
  v_old text;
begin
  if p_role is null or p_role not in ('manager', 'picker') then
    raise exception 'Role must be manager or picker' using errcode = '22023';
  end if;
  select m.role into v_old from public.account_members m
   where m.account_id = v_account and m.user_id = p_user_id for update;
  if not found then
    raise exception 'Member not found' using errcode = 'PT404';
  end if;
  if v_old = 'owner' then
    raise exception 'The owner''s role cannot be changed' using errcode = '42501';
  end if;
  update public.account_members set role = p_role where account_id = v_account and user_id = p_user_id;
  perform private.log(v_account, 'change_member_role',
    format('%s: %s → %s', (select u.email from auth.users u where u.id = p_user_id), v_old, p_role));
end;
$$;

create or replace function private.team_remove(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role(array['owner', 'manager']);
  v_role text;
begin
  select m.role into v_role from public.account_members m
   where m.account_id = v_account and m.user_id = p_user_id for update;
  if not found then
    raise exception 'Member not found' using errcode = 'PT404';
  end if;
  if v_role = 'owner' then
    raise exception 'The owner cannot be removed' using errcode = '42501';
  end if;
  perform private.log(v_account, 'remove_member',
    format('Removed %s (%s)', (select u.email from auth.users u where u.id = p_user_id), v_role));
  delete from public.account_members where account_id = v_account and user_id = p_user_id;
end;
$$;

create or replace function private.team_leave(p_account_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select m.role into v_role from public.account_members m
   where m.account_id = p_account_id and m.user_id = auth.uid() for update;
  if not found then
    raise exception 'Account not found' using errcode = 'PT404';
  end if;
  if v_role = 'owner' then
    raise exception 'The owner cannot leave their own account' using errcode = '22023';
  end if;
  -- logged in the account left, as the member still in it
  insert into private.current_accounts (user_id, account_id) values (auth.uid(), p_account_id)
  on conflict (user_id) do update set account_id = excluded.account_id;
  perform private.log(p_account_id, 'leave_account',
    format('%s left', (select u.email from auth.users u where u.id = auth.uid())));
  delete from public.account_members where account_id = p_account_id and user_id = auth.uid();
  delete from private.current_accounts where user_id = auth.uid();
end;
$$;

create or replace function private.team_switch(p_account_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if not private.is_member(p_account_id) then
    raise exception 'Account not found' using errcode = 'PT404';
  end if;
  insert into private.current_accounts (user_id, account_id) values (auth.uid(), p_account_id)
  on conflict (user_id) do update set account_id = excluded.account_id;
  update public.account_members m set last_active_at = now()
   where m.account_id = p_account_id and m.user_id = auth.uid();
  return p_account_id;
end;
$$;

-- The member list of the current account, with e-mails (auth.users is not readable by the API).
create or replace function private.team_list()
returns table (user_id uuid, email text, role text, joined_at timestamptz, last_active_at timestamptz, is_you boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, u.email::text, m.role, m.joined_at, m.last_active_at, m.user_id = auth.uid()
    from public.account_members m join auth.users u on u.id = m.user_id
   where m.account_id = private.current_account()
   order by case m.role when 'owner' then 0 when 'manager' then 1 else 2 end, u.email
$$;

do $$
declare
  v_fn text;
begin
  foreach v_fn in array array['private.seats_used(uuid)', 'private.team_invite(text, text)',
    'private.team_withdraw(uuid)', 'private.team_accept(uuid)', 'private.team_change_role(uuid, text)',
    'private.team_remove(uuid)', 'private.team_leave(uuid)', 'private.team_switch(uuid)', 'private.team_list()']
  loop
    execute format('revoke all on function %s from public, anon', v_fn);
    execute format('grant execute on function %s to authenticated, service_role', v_fn);
  end loop;
end;
$$;

-- The API.
create or replace function public.invite_member(p_email text, p_role text default 'picker')
returns public.account_invitations
language sql
set search_path = ''
as $$ select private.team_invite(p_email, p_role) $$;
comment on function public.invite_member(text, text) is
  'Owner or manager: invite an e-mail address to the current account as manager or picker (takes a seat; inviting again renews it).';

create or replace function public.withdraw_invitation(p_invitation_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.team_withdraw(p_invitation_id) $$;
comment on function public.withdraw_invitation(uuid) is 'Owner or manager: withdraw a pending invitation (frees its seat).';

create or replace function public.accept_invitation(p_invitation_id uuid)
returns uuid
language sql
set search_path = ''
as $$ select private.team_accept(p_invitation_id) $$;
comment on function public.accept_invitation(uuid) is
  'The invited address''s user joins the account with the invited role; it becomes their current account. Returns its id.';

create or replace function public.change_member_role(p_user_id uuid, p_role text)
returns void
language sql
set search_path = ''
as $$ select private.team_change_role(p_user_id, p_role) $$;
comment on function public.change_member_role(uuid, text) is 'Owner or manager: make a member a manager or a picker.';

create or replace function public.remove_member(p_user_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.team_remove(p_user_id) $$;
comment on function public.remove_member(uuid) is 'Owner or manager: remove a member (never the owner); refused at their next request.';

create or replace function public.leave_account(p_account_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.team_leave(p_account_id) $$;
comment on function public.leave_account(uuid) is 'A member (not the owner) leaves an account.';

create or replace function public.switch_account(p_account_id uuid)
returns uuid
language sql
set search_path = ''
as $$ select private.team_switch(p_account_id) $$;
comment on function public.switch_account(uuid) is 'Act on another account the caller is a member of (their current account).';

create or replace function public.team_members()
returns table (user_id uuid, email text, role text, joined_at timestamptz, last_active_at timestamptz, is_you boolean)
language sql
stable
set search_path = ''
as $$ select * from private.team_list() $$;
comment on function public.team_members() is 'The members of the current account with role and last activity (the Team screen).';

-- The accounts the caller belongs to, for the account switcher, with each account's plan (the
-- one its limits and features follow; a member's own profile holds their own account's plan).
create or replace function public.my_accounts()
returns table (account_id uuid, name text, role text, plan_id text, is_current boolean)
language sql
stable
set search_path = ''
as $$
  select a.id, a.name, m.role, (private.user_plan(a.id)).plan_id, a.id = (select private.current_account())
    from public.account_members m join public.accounts a on a.id = m.account_id
   where m.user_id = (select auth.uid())
   order by (m.role = 'owner') desc, a.name
$$;
comment on function public.my_accounts() is 'The accounts the caller is a member of, with their role, their plan and which one is current.';

do $$
declare
  v_fn text;
begin
  foreach v_fn in array array['public.invite_member(text, text)', 'public.withdraw_invitation(uuid)',
    'public.accept_invitation(uuid)', 'public.change_member_role(uuid, text)', 'public.remove_member(uuid)',
    'public.leave_account(uuid)', 'public.switch_account(uuid)', 'public.team_members()', 'public.my_accounts()']
  loop
    execute format('revoke all on function %s from public, anon', v_fn);
    execute format('grant execute on function %s to authenticated, service_role', v_fn);
  end loop;
end;
$$;
