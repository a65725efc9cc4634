-- Dismissed expiry notifications and storage backups.

-- ---------------------------------------------------------------------------------------------
-- dismissed_notifications: notifications are computed in the browser from expiry dates; the
-- database only remembers which ones the user dismissed (kept 30 days, SPEC section 4).
-- ---------------------------------------------------------------------------------------------
create table public.dismissed_notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- the client's notification id, e.g. 'expiry-<item_id>-<days>'
  notification_id text not null check (length(notification_id) between 1 and 200),
  item_id uuid,
  dismissed_at timestamptz not null default now(),
  constraint dismissed_notifications_user_notification_key unique (user_id, notification_id),
  -- only one's own items; the dismissal goes when the item goes
  constraint dismissed_notifications_item_fkey foreign key (item_id, user_id)
    references public.storage_items (item_id, user_id) on delete cascade
);
comment on table public.dismissed_notifications is
  'Expiry notifications a user dismissed, so they are not raised again for 30 days.';

create index dismissed_notifications_item_idx on public.dismissed_notifications (item_id);

create trigger dismissed_notifications_keep_owner before update on public.dismissed_notifications
  for each row execute function private.keep_owner();

alter table public.dismissed_notifications enable row level security;
revoke all on table public.dismissed_notifications from anon, authenticated;
grant select, insert, update, delete on table public.dismissed_notifications to authenticated;
grant all on table public.dismissed_notifications to service_role;

create policy dismissed_notifications_select on public.dismissed_notifications for select to authenticated
  using (user_id = (select auth.uid()));
create policy dismissed_notifications_insert on public.dismissed_notifications for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy dismissed_notifications_update on public.dismissed_notifications for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy dismissed_notifications_delete on public.dismissed_notifications for delete to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- backups: snapshots of a user's whole storage tree (rooms, isles, units, shelves, items) as
-- jsonb, made daily and kept 3 days (Help Center). Restoring is Power Seller and up.
-- ---------------------------------------------------------------------------------------------
create table public.backups (
  backup_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- {version, rooms[], isles[], units[], shelves[], items[]} rows as to_jsonb() gives them
  snapshot jsonb not null check (jsonb_typeof(snapshot) = 'object'),
  item_count integer not null default 0,
  created_at timestamptz not null default now()
);
comment on table public.backups is
  'Snapshots of a user''s storage (jsonb), daily with 3-day retention; restore needs Power Seller or higher.';

create index backups_user_created_idx on public.backups (user_id, created_at desc);

alter table public.backups enable row level security;
revoke all on table public.backups from anon, authenticated;
grant select, insert, delete on table public.backups to authenticated;
grant all on table public.backups to service_role;

create policy backups_select on public.backups for select to authenticated
  using (user_id = (select auth.uid()));
create policy backups_insert on public.backups for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy backups_delete on public.backups for delete to authenticated
  using (user_id = (select auth.uid()));
-- no update policy: a snapshot is never edited
