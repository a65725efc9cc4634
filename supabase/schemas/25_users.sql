-- A user's life in the database: sign-up gives them a profile and a personal account of their
-- own, a change of address follows into the profile, and deleting them keeps every account
-- someone else works in (the rules of 10_accounts.sql).
--
-- The functions here run as triggers on auth.users. security definer: the auth server writes
-- auth.users as its own role (on hosted Supabase supabase_auth_admin), which has no rights on
-- public tables. search_path is empty and every name is schema-qualified so the elevated
-- functions cannot be redirected.

-- ---------------------------------------------------------------------------------------------
-- Personal accounts
-- ---------------------------------------------------------------------------------------------
-- private.create_personal_account(user) -> the new account's id: a personal account with a new
-- random id, named after the user's e-mail address, with the user as its owner and primary
-- owner, default preferences and a free subscription (docs/product.md#preferences), so it is on
-- the free plan. Called at sign-up, and by transfer_ownership when the account handed over was
-- the caller's personal one (every user always has a stockroom of their own to land in).
-- Only ever called from the security definer functions that need it; no API role may run it.
create or replace function private.create_personal_account(p_user_id uuid)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid;
begin
  insert into public.accounts (primary_owner_user_id, name, personal_account, plan_id)
  select u.id, left(coalesce(nullif(btrim(u.email), ''), 'My stockroom'), 320), true, 'free'
    from auth.users u
   where u.id = p_user_id
  returning id into v_account;
  if v_account is null then
    raise exception 'User % not found', p_user_id using errcode = 'PT404';
  end if;
  insert into public.account_members (account_id, user_id, role)
  values (v_account, p_user_id, 'owner');
  insert into public.user_preferences (account_id)
  values (v_account);
  insert into public.subscriptions (account_id, plan_id, status)
  values (v_account, 'free', 'active');
  return v_account;
end;
$$;
comment on function private.create_personal_account(uuid) is
  'Make a user their personal account (new id, owner, preferences, free subscription); returns its id.';
revoke all on function private.create_personal_account(uuid) from public;

-- ---------------------------------------------------------------------------------------------
-- New users
-- ---------------------------------------------------------------------------------------------
-- Every user starts with a profile and their personal account, created in the same transaction
-- as the user.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email)
  values (new.id, new.email)
  on conflict (id) do nothing;
  perform private.create_personal_account(new.id);
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

-- ---------------------------------------------------------------------------------------------
-- Deleting a user
-- ---------------------------------------------------------------------------------------------
-- Refused while the user is the primary owner of an account that has other members: its
-- ownership must be transferred first (public.transfer_ownership), so the members never lose
-- their stockroom. Otherwise the accounts the user owns (only they are members) are deleted with
-- everything in them, and the cascades of auth.users take their profile and their memberships
-- elsewhere; log lines they wrote in other accounts stay, without the link to them. Deleting a
-- user never deletes an account someone else owns. The Auth admin API answers a refusal with
-- 500 "Database error deleting user", as GoTrue does for any database error.
--
-- The accounts are locked first, as the team functions lock an account before its members, so
-- nobody can join one between the check and its deletion.
create or replace function private.handle_user_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account public.accounts;
begin
  perform 1 from public.accounts a where a.primary_owner_user_id = old.id order by a.id for update;
  select a.* into v_account
    from public.accounts a
   where a.primary_owner_user_id = old.id
     and exists (select 1 from public.account_members m where m.account_id = a.id and m.user_id <> old.id)
   order by a.created_at, a.id
   limit 1;
  if found then
    raise exception 'The user % owns the account "%", which has other members: transfer its ownership first',
      coalesce(old.email, old.id::text), v_account.name
      using errcode = '23503',
            detail = json_build_object('account_id', v_account.id)::text,
            hint = 'An owner hands an account over with transfer_ownership (Team screen).';
  end if;
  delete from public.accounts a where a.primary_owner_user_id = old.id;
  return old;
end;
$$;
revoke all on function private.handle_user_delete() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row execute function private.handle_user_email_change();

create trigger on_auth_user_deleted
  before delete on auth.users
  for each row execute function private.handle_user_delete();

-- ---------------------------------------------------------------------------------------------
-- Why a session ended: a password change
-- ---------------------------------------------------------------------------------------------
-- A new password ends the user's other sessions (the auth server does it, as GoTrue does); the
-- other device only sees its refresh refused and lands on sign-in. Auth keeps no time of the
-- change, so the trigger below keeps it, for that device's sign-in page to say "because your
-- password was changed" (issue #39). Nobody but the owner of these functions reads it: the
-- signed-out device asks through the signed-out-reason function, which first checks that the
-- device holds a token Auth signed for the ended session (docs/product.md#sessions).
create table private.password_changes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  changed_at timestamptz not null
);
comment on table private.password_changes is
  'When each user last changed their password (trigger on auth.users), to say why a session ended.';
alter table private.password_changes enable row level security;
revoke all on table private.password_changes from public, anon, authenticated, service_role;

create or replace function private.handle_user_password_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.encrypted_password is distinct from old.encrypted_password then
    insert into private.password_changes (user_id, changed_at) values (new.id, now())
    on conflict (user_id) do update set changed_at = excluded.changed_at;
  end if;
  return new;
end;
$$;
revoke all on function private.handle_user_password_change() from public, anon, authenticated, service_role;

create trigger on_auth_user_password_changed
  after update of encrypted_password on auth.users
  for each row execute function private.handle_user_password_change();

-- The asks of session_end_reason per user, for its rate limit; kept for an hour.
create table private.session_end_reason_asks (
  user_id uuid not null references auth.users (id) on delete cascade,
  asked_at timestamptz not null default now()
);
create index session_end_reason_asks_user_idx on private.session_end_reason_asks (user_id, asked_at);
comment on table private.session_end_reason_asks is
  'Each ask of session_end_reason, per user, for its limit of 10 an hour.';
alter table private.session_end_reason_asks enable row level security;
revoke all on table private.session_end_reason_asks from public, anon, authenticated, service_role;

-- session_end_reason(user, session, issued_at) -> 'password_changed' when that session of the
-- user no longer exists and the user's password changed after the token was issued; otherwise
-- null. The caller (the signed-out-reason function, service role) has verified the token's
-- signature and read these three from it, so only the device that held the session can ask.
-- At most 10 asks an hour per user (PT429): a device asks once per ended session.
create or replace function public.session_end_reason(p_user_id uuid, p_session_id uuid, p_issued_at timestamptz)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.session_end_reason_asks a
   where a.user_id = p_user_id and a.asked_at < now() - interval '1 hour';
  if (select count(*) from private.session_end_reason_asks a where a.user_id = p_user_id) >= 10 then
    raise exception 'Too many requests. Try again later.' using errcode = 'PT429';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    return null;
  end if;
  insert into private.session_end_reason_asks (user_id) values (p_user_id);
  if exists (select 1 from auth.sessions s where s.id = p_session_id) then
    return null;
  end if;
  if exists (
    select 1 from private.password_changes pc
     where pc.user_id = p_user_id and pc.changed_at > p_issued_at
  ) then
    return 'password_changed';
  end if;
  return null;
end;
$$;
comment on function public.session_end_reason(uuid, uuid, timestamptz) is
  'Service role: ''password_changed'' when the session is gone and the password changed after p_issued_at, else null.';
revoke all on function public.session_end_reason(uuid, uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.session_end_reason(uuid, uuid, timestamptz) to service_role;
