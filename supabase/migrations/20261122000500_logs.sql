-- Activity log (SPEC section 3 "log"): what happened to a user's storage, newest first.
-- A log is an audit trail, so only the database writes it: the SQL functions log their
-- operation in the same transaction through private.log(). A seller may read and clear their
-- own lines but never write, edit or backdate one.

create table public.storage_logs (
  log_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  user_email text constraint "Log e-mail: at most 320 characters" check (length(user_email) <= 320),
  -- add_item, move_item, remove_item, update_item, remove_unit, add_shelf, remove_shelf,
  -- remove_room, remove_isle, update_room, import_items (not constrained, so new features can
  -- log new actions without a migration)
  action text not null check (length(btrim(action)) between 1 and 50),
  details text constraint "Log details: at most 1000 characters" check (length(details) <= 1000),
  "timestamp" timestamptz not null default now()
);
comment on table public.storage_logs is
  'Activity log per user (action, details, timestamp), written only by the database; the newest 1000 lines are kept. Read and clear only.';

create index storage_logs_user_timestamp_idx on public.storage_logs (user_id, "timestamp" desc);

-- user_email is the account's real address. security definer to read auth.users, which the API
-- roles cannot see.
-- Boilerplate: a trigger function, its revoke and its trigger are declared the same way for every
-- table; what the function does differs.
create or replace function private.fill_log_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.user_email := coalesce((select u.email from auth.users u where u.id = new.user_id), new.user_email);
  return new;
end;
$$;
revoke all on function private.fill_log_email() from public;

create trigger storage_logs_fill_email before insert on public.storage_logs
  for each row execute function private.fill_log_email();

-- How many lines a seller's log keeps: the activity screen pages 50 at a time, and a log that
-- grows without end would be storage nobody pays for.
create or replace function private.log_keeps()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 1000
$$;

-- private.log(user, action, details): the one way a log line is written. security definer
-- because the API roles have no INSERT on storage_logs; a signed-in caller may only log for
-- themselves (the functions calling it pass the owner of the rows they just changed, which RLS
-- already limited to the caller). Long details are cut to the column's 1000 characters, and
-- lines beyond the newest private.log_keeps() go.
create or replace function private.log(p_user_id uuid, p_action text, p_details text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.role() = 'authenticated' and p_user_id is distinct from auth.uid() then
    raise exception 'Not allowed to log for another user' using errcode = '42501';
  end if;
  insert into public.storage_logs (user_id, action, details)
  values (p_user_id, p_action,
          case when length(p_details) > 1000 then left(p_details, 999) || '…' else p_details end);

  delete from public.storage_logs l
   where l.log_id in (select k.log_id from public.storage_logs k where k.user_id = p_user_id
                       order by k."timestamp" desc, k.log_id desc offset private.log_keeps());
end;
$$;
revoke all on function private.log_keeps() from public;
revoke all on function private.log(uuid, text, text) from public;
grant execute on function private.log_keeps() to authenticated, service_role;
grant execute on function private.log(uuid, text, text) to authenticated, service_role;

select private.own_rows('public.storage_logs', array['select', 'delete']);
-- no insert or update policy: log lines are written by private.log() and never edited
