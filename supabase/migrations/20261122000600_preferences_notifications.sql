-- What a seller chose (settings) and what they have already been told (dismissed notifications).

-- ---------------------------------------------------------------------------------------------
-- user_preferences: Per-user settings with every default of SPEC section 3. One row per user, created with the
-- account (new-user trigger) and upserted by the settings screen.
-- ---------------------------------------------------------------------------------------------
create table public.user_preferences (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
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
  'Settings per user (currency, date format, expiry notifications, colours, marketplace country, floor size...).';

select private.add_row_triggers('public.user_preferences', array['set_updated_at', 'keep_owner', 'server_stamps']);

select private.own_rows('public.user_preferences');

-- Accounts that existed before this migration (hosted projects) get default preferences, as
-- new accounts do through private.handle_new_user().
insert into public.user_preferences (user_id)
select u.id from auth.users u
on conflict (user_id) do nothing;

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

create index dismissed_notifications_item_idx on public.dismissed_notifications (item_id, user_id);

-- three reminders (30, 60, 90 days) per item the plan allows, and some room for others
create trigger dismissed_notifications_row_cap
  after insert on public.dismissed_notifications
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('dismissed notifications', 100, 3, 0);

select private.add_row_triggers('public.dismissed_notifications', array['keep_owner']);

select private.own_rows('public.dismissed_notifications');
