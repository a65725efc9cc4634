-- Activity log (docs/product.md#activity-log): what happened to an account's storage, newest first.
-- A log is an audit trail, so only the database writes it: the SQL functions log their
-- operation in the same transaction through private.log(). Its members may read their account's
-- lines (owners and managers clear them) but never write, edit or backdate one. Each line names
-- the account (account_id) and the person who acted (user_id, and user_email their address).

-- user_email is the real address of the person who acted (user_id); a line written without one
-- (the server's maintenance) takes the address of the account's owner. security definer to
-- read auth.users, which the API roles cannot see.
-- Boilerplate: a trigger function, its revoke and its trigger are declared the same way for every
-- table; what the function does differs.
create or replace function private.fill_log_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.user_email := coalesce((select u.email from auth.users u
                               where u.id = coalesce(new.user_id,
                                                     (select a.primary_owner_user_id from public.accounts a
                                                       where a.id = new.account_id))),
                             new.user_email);
  return new;
end;
$$;
revoke all on function private.fill_log_email() from public;

create table public.storage_logs (
  log_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  user_email text constraint "Log e-mail: at most 320 characters" check (length(user_email) <= 320),
  -- add_item, move_item, remove_item, update_item, remove_unit, add_shelf, remove_shelf,
  -- remove_room, remove_isle, update_room, import_items, transfer_ownership, ... (not
  -- constrained, so new features can log new actions without a migration)
  action text not null check (length(btrim(action)) between 1 and 50),
  details text constraint "Log details: at most 1000 characters" check (length(details) <= 1000),
  "timestamp" timestamptz not null default now(),
  -- the undoable change this line describes (50_undo.sql)
  change_id uuid references public.undo_changes (change_id) on delete set null,
  -- the person who did the change; null for the server's maintenance, or once they are deleted
  user_id uuid default auth.uid() references auth.users (id) on delete set null
);
comment on table public.storage_logs is
  'Activity log per account (action, details, timestamp, who: user_id and user_email), written only by the database; the newest 1000 lines are kept. Read and clear only.';
comment on column public.storage_logs.change_id is
  'The undoable change this line describes (null when it cannot be undone or has been swept).';

-- a member's last activity (private.team_list) is the newest line they wrote in the account
create index storage_logs_user_account_idx
  on public.storage_logs (user_id, account_id, "timestamp" desc) where user_id is not null;
create index storage_logs_change_idx on public.storage_logs (change_id) where change_id is not null;
create index storage_logs_account_timestamp_idx on public.storage_logs (account_id, "timestamp" desc);

alter table public.storage_logs enable row level security;
revoke all on table public.storage_logs from anon, authenticated;
grant select, delete on table public.storage_logs to authenticated;

create policy storage_logs_select on public.storage_logs
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy storage_logs_delete on public.storage_logs
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.storage_logs as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.storage_logs as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.storage_logs as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.storage_logs as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.storage_logs
  for each statement execute function private.refuse_writes_without_mfa();
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
revoke all on function private.log_keeps() from public;
grant execute on function private.log_keeps() to authenticated, service_role;

-- private.log(account, action, details): the one way a log line is written. security definer
-- because the API roles have no INSERT on storage_logs; a signed-in caller may only log for the
-- account they act on (the functions calling it pass the account of the rows they just changed,
-- which RLS already limited to it), and the line records them as the person who acted (user_id). The line
-- names the open undoable change (and is its summary), so the Activity Log can offer Undo on it.
-- Long details are cut to the column's 1000 characters, and lines beyond the newest
-- private.log_keeps() go. It writes nothing else: a member's last activity is read from their
-- log lines (team_list), so a change takes no lock on the membership row (two transactions of
-- one member taking the stockroom's locks and that row in opposite orders could deadlock).
create or replace function private.log(p_account_id uuid, p_action text, p_details text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change uuid := nullif(current_setting('stockroom.undo_change', true), '')::uuid;
  v_details text := case when length(p_details) > 1000 then left(p_details, 999) || '…' else p_details end;
begin
  if auth.role() = 'authenticated' and p_account_id is distinct from private.current_account() then
    raise exception 'Not allowed to log for another account' using errcode = '42501';
  end if;
  if v_change is not null then
    update public.undo_changes c set summary = coalesce(c.summary, v_details)
     where c.change_id = v_change and c.account_id = p_account_id;
    if not found then
      v_change := null;
    end if;
  end if;
  insert into public.storage_logs (account_id, user_id, action, details, change_id)
  values (p_account_id, auth.uid(), p_action, v_details, v_change);

  delete from public.storage_logs l
   where l.log_id in (select k.log_id from public.storage_logs k where k.account_id = p_account_id
                       order by k."timestamp" desc, k.log_id desc offset private.log_keeps());
end;
$$;
revoke all on function private.log(uuid, text, text) from public;
grant execute on function private.log(uuid, text, text) to authenticated, service_role;
