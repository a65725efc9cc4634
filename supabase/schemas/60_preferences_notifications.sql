-- What a seller chose (settings) and what they have already been told (dismissed notifications).

-- ---------------------------------------------------------------------------------------------
-- user_preferences: the account's settings, with every default of docs/product.md#preferences (the
-- table keeps its first name; the preferences are the account's, shared by its members). One row
-- per account, created with it (private.create_personal_account) and upserted by the settings
-- screen.
-- ---------------------------------------------------------------------------------------------
create table public.user_preferences (
  account_id uuid primary key default private.current_account() references public.accounts (id) on delete cascade,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  date_format text not null default 'US'
    constraint "Date format: at most 20 characters" check (length(date_format) <= 20),
  -- list of {days, enabled}; a notification is raised when days-left equals an enabled entry
  expiry_notifications jsonb not null
    default '[{"days":30,"enabled":true},{"days":60,"enabled":true},{"days":90,"enabled":true}]'::jsonb
    check (jsonb_typeof(expiry_notifications) = 'array')
    constraint "Expiry notifications: at most 20, in 2000 bytes"
    check (jsonb_array_length(expiry_notifications) <= 20 and octet_length(expiry_notifications::text) <= 2000),
  barcode_batch boolean not null default false,
  barcode_lookup boolean not null default true,
  -- {colors, currentScheme, customColors}; schemes: default, ocean, forest, sunset, berry,
  -- monochrome, purple, warm, custom
  storage_colors jsonb not null
    default '{"colors":{},"currentScheme":"default","customColors":{}}'::jsonb
    check (jsonb_typeof(storage_colors) = 'object')
    constraint "Storage colours: at most 4000 bytes" check (octet_length(storage_colors::text) <= 4000),
  -- days of marketplace listings to fetch
  ebay_listings_date integer not null default 5 check (ebay_listings_date > 0),
  drag_confirm boolean not null default true,
  ebay_country text not null default 'GB'
    constraint "Marketplace country: a two-letter code" check (ebay_country ~ '^[A-Z]{2}$'),
  floor_size integer not null default 20 check (floor_size > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.user_preferences is
  'Settings per account, shared by its members (currency, date format, expiry notifications, colours, marketplace country, floor size...).';

alter table public.user_preferences enable row level security;
revoke all on table public.user_preferences from anon, authenticated;
grant select, insert, update, delete on table public.user_preferences to authenticated;

create policy user_preferences_select on public.user_preferences
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy user_preferences_insert on public.user_preferences
  for insert to authenticated
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy user_preferences_update on public.user_preferences
  for update to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')))
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy user_preferences_delete on public.user_preferences
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.user_preferences as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.user_preferences as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.user_preferences as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.user_preferences as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.user_preferences
  for each statement execute function private.refuse_writes_without_mfa();
create trigger user_preferences_keep_account
  before update on public.user_preferences
  for each row execute function private.keep_account();
create trigger user_preferences_server_stamps
  before insert or update on public.user_preferences
  for each row execute function private.stamp_server_columns();
create trigger user_preferences_set_updated_at
  before update on public.user_preferences
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- dismissed_notifications: notifications are computed in the browser from expiry dates; the
-- database only remembers which ones the account's members dismissed (kept 30 days,
-- docs/product.md#expiry-notifications).
-- ---------------------------------------------------------------------------------------------
create table public.dismissed_notifications (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  -- the client's notification id, e.g. 'expiry-<item_id>-<days>'
  notification_id text not null check (length(notification_id) between 1 and 200),
  item_id uuid,
  dismissed_at timestamptz not null default now(),
  constraint dismissed_notifications_account_notification_key unique (account_id, notification_id),
  -- only one's own items; the dismissal goes when the item goes
  constraint dismissed_notifications_item_fkey foreign key (item_id, account_id)
    references public.storage_items (item_id, account_id) on delete cascade
);
comment on table public.dismissed_notifications is
  'Expiry notifications dismissed in an account, so they are not raised again for 30 days.';

create index dismissed_notifications_item_idx on public.dismissed_notifications (item_id, account_id);

alter table public.dismissed_notifications enable row level security;
revoke all on table public.dismissed_notifications from anon, authenticated;
grant select, insert, update, delete on table public.dismissed_notifications to authenticated;

create policy dismissed_notifications_select on public.dismissed_notifications
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy dismissed_notifications_insert on public.dismissed_notifications
  for insert to authenticated
  with check (account_id = (select private.current_account()));
create policy dismissed_notifications_update on public.dismissed_notifications
  for update to authenticated
  using (account_id = (select private.current_account()))
  with check (account_id = (select private.current_account()));
create policy dismissed_notifications_delete on public.dismissed_notifications
  for delete to authenticated
  using (account_id = (select private.current_account()));
create policy require_mfa_select on public.dismissed_notifications as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.dismissed_notifications as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.dismissed_notifications as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.dismissed_notifications as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger dismissed_notifications_keep_account
  before update on public.dismissed_notifications
  for each row execute function private.keep_account();
-- three reminders (30, 60, 90 days) per item the plan allows, and some room for others
create trigger dismissed_notifications_row_cap
  after insert on public.dismissed_notifications
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('dismissed notifications', 100, 3, 0);
create trigger require_mfa_for_writes
  before insert or update or delete on public.dismissed_notifications
  for each statement execute function private.refuse_writes_without_mfa();
