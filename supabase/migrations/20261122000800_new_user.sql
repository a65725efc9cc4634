-- Every account starts with a profile on the free plan, default preferences and a free
-- subscription row (SPEC section 3 defaults), created in the same transaction as the user.
--
-- security definer: the auth server inserts into auth.users as its own role (on hosted
-- Supabase supabase_auth_admin), which has no rights on public tables. search_path is empty
-- and every name is schema-qualified so the elevated function cannot be redirected.

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

-- Accounts that existed before this migration (hosted projects) get the same rows.
insert into public.profiles (id, email, plan_id)
select u.id, u.email, 'free' from auth.users u
on conflict (id) do nothing;
insert into public.user_preferences (user_id)
select u.id from auth.users u
on conflict (user_id) do nothing;
insert into public.subscriptions (user_id, plan_id, status)
select u.id, 'free', 'active' from auth.users u
on conflict (user_id) do nothing;
