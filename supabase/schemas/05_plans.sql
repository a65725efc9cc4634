-- Plans: the catalogue of what an account may store and use (docs/product.md#plans), read-only
-- reference data. The plan an account is on is accounts.plan_id (10_accounts.sql), kept in step
-- with its subscription by the server (20_billing.sql).

-- ---------------------------------------------------------------------------------------------
-- plans: the catalogue of docs/product.md#plans. src/domain/plans.ts holds the same numbers and a
-- unit test (tests/unit/domain/plans.test.ts) parses the insert below so the two cannot drift.
-- ---------------------------------------------------------------------------------------------
create table public.plans (
  plan_id text primary key check (plan_id in ('free', 'growing', 'power', 'elite')),
  display_name text not null,
  sort_order integer not null unique,
  max_items integer not null check (max_items > 0),
  max_units integer not null check (max_units > 0),
  max_rooms integer not null check (max_rooms > 0),
  feature_view_3d boolean not null,
  feature_listings boolean not null,
  feature_barcode_scanning boolean not null,
  feature_restore_backup boolean not null,
  feature_orders boolean not null,
  -- seats: members plus pending invitations, owner included
  max_members integer not null default 1 check (max_members > 0),
  -- photo storage in bytes, originals and thumbnails together (42_item_photos.sql)
  max_photo_bytes bigint not null default 104857600 check (max_photo_bytes > 0)
);
comment on table public.plans is
  'Subscription plans and their limits (docs/product.md#plans). Read-only reference data; must match src/domain/plans.ts.';

alter table public.plans enable row level security;
revoke all on table public.plans from anon, authenticated;
grant select on table public.plans to authenticated;

-- Reference data: every signed-in user may read the whole catalogue; nobody writes it via REST.
create policy plans_select on public.plans
  for select to authenticated
  using (true);
create policy require_mfa_select on public.plans as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.plans as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.plans as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.plans as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.plans
  for each statement execute function private.refuse_writes_without_mfa();

-- The catalogue (reference data). max_members: seats, owner included. max_photo_bytes: 100 MB,
-- 1 GB, 5 GB and 20 GB of photos.
insert into public.plans
  (plan_id, display_name, sort_order, max_items, max_units, max_rooms,
   feature_view_3d, feature_listings, feature_barcode_scanning, feature_restore_backup, feature_orders,
   max_members, max_photo_bytes)
values
  ('free', 'Free', 0, 100, 3, 1, false, false, false, false, false, 1, 104857600),
  ('growing', 'Growing Seller', 1, 500, 20, 2, true, true, false, false, false, 2, 1073741824),
  ('power', 'Power Seller', 2, 1000, 50, 5, true, true, true, true, false, 5, 5368709120),
  ('elite', 'Elite Seller', 3, 5000, 100, 10, true, true, true, true, true, 10, 21474836480)
on conflict (plan_id) do update set
  display_name = excluded.display_name,
  sort_order = excluded.sort_order,
  max_items = excluded.max_items,
  max_units = excluded.max_units,
  max_rooms = excluded.max_rooms,
  feature_view_3d = excluded.feature_view_3d,
  feature_listings = excluded.feature_listings,
  feature_barcode_scanning = excluded.feature_barcode_scanning,
  feature_restore_backup = excluded.feature_restore_backup,
  feature_orders = excluded.feature_orders,
  max_members = excluded.max_members,
  max_photo_bytes = excluded.max_photo_bytes;
