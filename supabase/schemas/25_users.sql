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
