-- Activity log (SPEC section 3 "log"): what happened to a user's storage, newest first.
-- Rows are written by the SQL functions (one per multi-row operation) and by the app for
-- single-row edits. A log is an audit trail: it can be cleared but not rewritten.

create table public.storage_logs (
  log_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  user_email text,
  -- add_item, move_item, remove_item, update_item, remove_unit, add_shelf, remove_shelf,
  -- remove_room, remove_isle, update_room, import_items (not constrained, so new features can
  -- log new actions without a migration)
  action text not null check (length(btrim(action)) between 1 and 50),
  details text,
  "timestamp" timestamptz not null default now()
);
comment on table public.storage_logs is
  'Activity log per user (action, details, timestamp). Insert and clear only; never updated.';

create index storage_logs_user_timestamp_idx on public.storage_logs (user_id, "timestamp" desc);

-- user_email is the account's real address, not whatever the client sent. security definer to
-- read auth.users, which the API roles cannot see.
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

alter table public.storage_logs enable row level security;
revoke all on table public.storage_logs from anon, authenticated;
grant select, insert, delete on table public.storage_logs to authenticated;
grant all on table public.storage_logs to service_role;

create policy storage_logs_select on public.storage_logs for select to authenticated
  using (user_id = (select auth.uid()));
create policy storage_logs_insert on public.storage_logs for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy storage_logs_delete on public.storage_logs for delete to authenticated
  using (user_id = (select auth.uid()));
-- no update policy: log lines are not edited
select private.require_mfa('public.storage_logs');
