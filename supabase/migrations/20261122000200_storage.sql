-- Storage: rooms hold isles, isles hold units, units hold numbered shelves, shelves hold items.
--
-- Ownership consistency is declarative: every child references its parent by (parent id,
-- user_id), so a row can only hang under a parent with the same owner. Foreign key checks run
-- with the table owner's rights, so they see rows RLS hides and cannot be fooled by a client
-- that guesses another user's ids. Removals cascade down the tree (SPEC section 4: removing a
-- unit removes its shelves and items, removing a room removes its contents).
--
-- Numbering constraints are DEFERRABLE INITIALLY IMMEDIATE: uniqueness is checked at the end of
-- each statement, so one UPDATE (or PostgREST upsert) can renumber 3,4 -> 2,3 without colliding
-- halfway, while two rows can still never share a number.

-- Trigram indexes for name/barcode search. Hosted projects have pg_trgm available but not
-- necessarily enabled; Supabase keeps extensions in schema extensions.
create extension if not exists pg_trgm with schema extensions;

-- ---------------------------------------------------------------------------------------------
-- storage_rooms
-- ---------------------------------------------------------------------------------------------
create table public.storage_rooms (
  room_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  room_name text not null check (length(btrim(room_name)) between 1 and 100),
  -- 1-based display order; omitted on insert it becomes last (trigger below).
  room_index integer not null check (room_index >= 0),
  active boolean not null default true,
  camera_position_x double precision,
  camera_position_y double precision,
  camera_position_z double precision,
  camera_target_x double precision,
  camera_target_y double precision,
  camera_target_z double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint storage_rooms_room_index_key unique (user_id, room_index) deferrable initially immediate,
  -- target of the children's (room_id, user_id) foreign key
  constraint storage_rooms_room_id_user_id_key unique (room_id, user_id)
);
comment on table public.storage_rooms is
  'Rooms of a user''s physical storage, ordered by room_index; camera_* keep the 3D view.';

-- ---------------------------------------------------------------------------------------------
-- storage_isles
-- ---------------------------------------------------------------------------------------------
create table public.storage_isles (
  isle_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  room_id uuid not null,
  -- the isle number the seller sees; unique within the room ('Isle number {n} is already in use')
  isle_index integer not null check (isle_index > 0),
  position_x double precision not null default 0,
  position_z double precision not null default 0,
  rotation_y double precision not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint storage_isles_room_fkey foreign key (room_id, user_id)
    references public.storage_rooms (room_id, user_id) on delete cascade,
  constraint storage_isles_isle_index_key unique (room_id, isle_index) deferrable initially immediate,
  constraint storage_isles_isle_id_user_id_key unique (isle_id, user_id)
);
comment on table public.storage_isles is
  'Isles (rows of units) in a room, numbered 1..n by isle_index; position/rotation for the floor plan.';

-- ---------------------------------------------------------------------------------------------
-- storage_units
-- ---------------------------------------------------------------------------------------------
create table public.storage_units (
  unit_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  isle_id uuid not null,
  -- omitted on insert it becomes the lowest unused letter of the isle (A, B, ... Z, AA, ...)
  unit_name text not null check (length(btrim(unit_name)) between 1 and 100),
  unit_type text not null default 'box' check (unit_type in ('bay', 'box', 'cabinet', 'bin')),
  -- order within the isle; omitted on insert it becomes last
  unit_index integer not null check (unit_index >= 0),
  naming_convention text not null default 'alphabetical',
  "position3D" jsonb,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint storage_units_isle_fkey foreign key (isle_id, user_id)
    references public.storage_isles (isle_id, user_id) on delete cascade,
  constraint storage_units_unit_id_user_id_key unique (unit_id, user_id)
);
comment on table public.storage_units is
  'Storage units (bay, box, cabinet, bin) in an isle; names are unique per isle (case-insensitive).';
comment on column public.storage_units."position3D" is
  'Position of the unit in the 3D view, e.g. {"x":0,"y":0,"z":0}.';

-- Import resolves units by name within an isle ('Unit ''{unit}'' not found in isle {n}'), so two
-- units with the same name in one isle would make that ambiguous.
create unique index storage_units_isle_name_key on public.storage_units (isle_id, lower(unit_name));

-- ---------------------------------------------------------------------------------------------
-- storage_shelves
-- ---------------------------------------------------------------------------------------------
create table public.storage_shelves (
  shelf_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  unit_id uuid not null,
  -- 1..n within the unit; omitted on insert it becomes the lowest unused number
  shelf_index integer not null check (shelf_index > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint storage_shelves_unit_fkey foreign key (unit_id, user_id)
    references public.storage_units (unit_id, user_id) on delete cascade,
  constraint storage_shelves_shelf_index_key unique (unit_id, shelf_index) deferrable initially immediate,
  -- target of the items' (shelf_id, unit_id, user_id) foreign key
  constraint storage_shelves_shelf_unit_user_key unique (shelf_id, unit_id, user_id)
);
comment on table public.storage_shelves is
  'Numbered shelves (1..n) of a unit. New shelves take the lowest unused number.';

-- ---------------------------------------------------------------------------------------------
-- storage_items
-- ---------------------------------------------------------------------------------------------
create table public.storage_items (
  item_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  item_name text not null check (length(btrim(item_name)) between 1 and 500),
  quantity integer not null default 1 check (quantity >= 0),
  -- filled from shelf_id when a shelf is given (trigger below)
  unit_id uuid,
  shelf_id uuid,
  barcode text,
  sku text,
  price_paid numeric(12, 2) check (price_paid >= 0),
  expiry_date date,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint storage_items_unit_fkey foreign key (unit_id, user_id)
    references public.storage_units (unit_id, user_id) on delete cascade,
  -- the shelf must be the caller's and belong to the item's unit; follows a shelf if it moves
  constraint storage_items_shelf_fkey foreign key (shelf_id, unit_id, user_id)
    references public.storage_shelves (shelf_id, unit_id, user_id) on delete cascade on update cascade,
  -- with MATCH SIMPLE a null unit_id would silently skip the shelf check
  constraint storage_items_shelf_needs_unit check (shelf_id is null or unit_id is not null),
  constraint storage_items_item_id_user_id_key unique (item_id, user_id)
);
comment on table public.storage_items is
  'Items on shelves. unit_id is derived from shelf_id. Counted against the plan''s item limit.';

-- The app's queries: newest first per user (paged 1000), by shelf, by unit, barcode lookups,
-- and case-insensitive substring search on name or barcode (trigram indexes serve ILIKE '%x%').
create index storage_items_user_created_idx on public.storage_items (user_id, created_at desc);
create index storage_items_shelf_idx on public.storage_items (shelf_id);
create index storage_items_unit_idx on public.storage_items (unit_id);
create index storage_items_user_barcode_idx on public.storage_items (user_id, barcode) where barcode is not null;
create index storage_items_name_trgm_idx on public.storage_items using gin (item_name extensions.gin_trgm_ops);
create index storage_items_barcode_trgm_idx on public.storage_items using gin (barcode extensions.gin_trgm_ops);
create index storage_items_expiry_idx on public.storage_items (user_id, expiry_date) where expiry_date is not null;

-- user_id indexes for RLS filters and for the cascade when a user is deleted
create index storage_isles_user_idx on public.storage_isles (user_id);
create index storage_units_user_idx on public.storage_units (user_id);
create index storage_shelves_user_idx on public.storage_shelves (user_id);
-- (unit_id, shelf_index) and (room_id, isle_index) uniques already index the parent lookups.

-- ---------------------------------------------------------------------------------------------
-- Defaults that depend on sibling rows
-- ---------------------------------------------------------------------------------------------

-- 1 -> A, 26 -> Z, 27 -> AA (spreadsheet-style), for alphabetical unit names.
create or replace function private.alpha_label(p_n integer)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_n integer := p_n;
  v_label text := '';
begin
  while v_n > 0 loop
    v_label := chr(65 + ((v_n - 1) % 26)) || v_label;
    v_n := (v_n - 1) / 26;
  end loop;
  return v_label;
end;
$$;

create or replace function private.fill_room_index()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.room_index is null then
    select coalesce(max(r.room_index), 0) + 1 into new.room_index
      from public.storage_rooms r where r.user_id = new.user_id;
  end if;
  return new;
end;
$$;

create or replace function private.fill_isle_index()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.isle_index is null then
    select coalesce(max(i.isle_index), 0) + 1 into new.isle_index
      from public.storage_isles i where i.room_id = new.room_id;
  end if;
  return new;
end;
$$;

create or replace function private.fill_unit_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_n integer := 1;
begin
  if new.unit_index is null then
    select coalesce(max(u.unit_index), 0) + 1 into new.unit_index
      from public.storage_units u where u.isle_id = new.isle_id;
  end if;
  if new.unit_name is null or btrim(new.unit_name) = '' then
    while exists (select 1 from public.storage_units u
                   where u.isle_id = new.isle_id and lower(u.unit_name) = lower(private.alpha_label(v_n))) loop
      v_n := v_n + 1;
    end loop;
    new.unit_name := private.alpha_label(v_n);
  end if;
  return new;
end;
$$;

-- SPEC: 'A new shelf takes the lowest unused index.'
create or replace function private.fill_shelf_index()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.shelf_index is null then
    select min(n) into new.shelf_index
      from generate_series(1, (select count(*)::integer + 1 from public.storage_shelves s
                                where s.unit_id = new.unit_id)) as n
     where not exists (select 1 from public.storage_shelves s
                        where s.unit_id = new.unit_id and s.shelf_index = n);
  end if;
  return new;
end;
$$;

-- An item placed on a shelf is in that shelf's unit; deriving it means the client cannot make
-- the two disagree. security definer only to read the shelf's unit regardless of RLS: the
-- composite foreign key then decides whether the shelf is the item owner's.
create or replace function private.derive_item_unit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.shelf_id is not null and (tg_op = 'INSERT' or new.shelf_id is distinct from old.shelf_id
                                   or new.unit_id is distinct from old.unit_id) then
    new.unit_id := coalesce((select s.unit_id from public.storage_shelves s where s.shelf_id = new.shelf_id),
                            new.unit_id);
  end if;
  return new;
end;
$$;

revoke all on function private.alpha_label(integer) from public;
revoke all on function private.fill_room_index() from public;
revoke all on function private.fill_isle_index() from public;
revoke all on function private.fill_unit_defaults() from public;
revoke all on function private.fill_shelf_index() from public;
revoke all on function private.derive_item_unit() from public;
grant execute on function private.alpha_label(integer) to authenticated, service_role;

create trigger storage_rooms_fill_index before insert on public.storage_rooms
  for each row execute function private.fill_room_index();
create trigger storage_isles_fill_index before insert on public.storage_isles
  for each row execute function private.fill_isle_index();
create trigger storage_units_fill_defaults before insert on public.storage_units
  for each row execute function private.fill_unit_defaults();
create trigger storage_shelves_fill_index before insert on public.storage_shelves
  for each row execute function private.fill_shelf_index();
create trigger storage_items_derive_unit before insert or update on public.storage_items
  for each row execute function private.derive_item_unit();

-- updated_at and immutable owner on every storage table
create trigger storage_rooms_set_updated_at before update on public.storage_rooms
  for each row execute function private.set_updated_at();
create trigger storage_isles_set_updated_at before update on public.storage_isles
  for each row execute function private.set_updated_at();
create trigger storage_units_set_updated_at before update on public.storage_units
  for each row execute function private.set_updated_at();
create trigger storage_shelves_set_updated_at before update on public.storage_shelves
  for each row execute function private.set_updated_at();
create trigger storage_items_set_updated_at before update on public.storage_items
  for each row execute function private.set_updated_at();

create trigger storage_rooms_keep_owner before update on public.storage_rooms
  for each row execute function private.keep_owner();
create trigger storage_isles_keep_owner before update on public.storage_isles
  for each row execute function private.keep_owner();
create trigger storage_units_keep_owner before update on public.storage_units
  for each row execute function private.keep_owner();
create trigger storage_shelves_keep_owner before update on public.storage_shelves
  for each row execute function private.keep_owner();
create trigger storage_items_keep_owner before update on public.storage_items
  for each row execute function private.keep_owner();

-- ---------------------------------------------------------------------------------------------
-- Plan limits (SPEC section 6), enforced whatever the client does.
--
-- Statement-level AFTER INSERT triggers with a transition table: one count per statement and
-- user instead of one per row, so a 5000-row insert costs one index scan, not 5000. The rows are
-- already inserted when the check runs, so "count > limit" is the test and raising undoes the
-- whole statement. A per-user transaction advisory lock serialises concurrent inserts: the second
-- one waits, then (READ COMMITTED: each statement takes a new snapshot) counts the first one's
-- committed rows too, so two inserts at once cannot both slip past the limit.
-- security definer: the count must include all of the user's rows and read the server-side plan
-- regardless of the caller's RLS view.
-- ---------------------------------------------------------------------------------------------
create or replace function private.limit_lock(p_kind text, p_user_id uuid)
returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('stockroom.limit.' || p_kind || '.' || p_user_id::text, 0))
$$;

create or replace function private.raise_plan_limit(p_kind text, p_plan public.plans)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit integer := case p_kind when 'items' then p_plan.max_items
                                 when 'units' then p_plan.max_units
                                 else p_plan.max_rooms end;
  v_text text;
begin
  -- The wording is SPEC section 8's; src/domain/plans.ts planLimitMessage() builds the same text.
  v_text := case p_kind
    when 'items' then format('Your %s plan only allows %s items. Visit the pricing page to upgrade your plan',
                             p_plan.plan_id, v_limit)
    when 'units' then format('You can only add up to %s units in your current plan', v_limit)
    else format('Your %s plan is limited to %s %s. Please upgrade to add more',
                p_plan.plan_id, v_limit, case when v_limit = 1 then 'room' else 'rooms' end)
  end;
  raise exception using
    errcode = 'P0001',
    message = 'PLAN_LIMIT_REACHED: ' || v_text,
    detail = json_build_object('kind', p_kind, 'plan', p_plan.plan_id, 'limit', v_limit)::text,
    hint = 'Visit the pricing page to upgrade your plan';
end;
$$;

create or replace function private.enforce_item_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_plan public.plans;
begin
  for v_user in select distinct n.user_id from new_rows n order by n.user_id loop
    perform private.limit_lock('items', v_user);
    v_plan := private.user_plan(v_user);
    if (select count(*) from public.storage_items i where i.user_id = v_user) > v_plan.max_items then
      perform private.raise_plan_limit('items', v_plan);
    end if;
  end loop;
  return null;
end;
$$;

create or replace function private.enforce_unit_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_plan public.plans;
begin
  for v_user in select distinct n.user_id from new_rows n order by n.user_id loop
    perform private.limit_lock('units', v_user);
    v_plan := private.user_plan(v_user);
    if (select count(*) from public.storage_units u where u.user_id = v_user) > v_plan.max_units then
      perform private.raise_plan_limit('units', v_plan);
    end if;
  end loop;
  return null;
end;
$$;

create or replace function private.enforce_room_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_plan public.plans;
begin
  for v_user in select distinct n.user_id from new_rows n order by n.user_id loop
    perform private.limit_lock('rooms', v_user);
    v_plan := private.user_plan(v_user);
    if (select count(*) from public.storage_rooms r where r.user_id = v_user) > v_plan.max_rooms then
      perform private.raise_plan_limit('rooms', v_plan);
    end if;
  end loop;
  return null;
end;
$$;

revoke all on function private.limit_lock(text, uuid) from public;
revoke all on function private.raise_plan_limit(text, public.plans) from public;
revoke all on function private.enforce_item_limit() from public;
revoke all on function private.enforce_unit_limit() from public;
revoke all on function private.enforce_room_limit() from public;
-- import_items (security invoker) takes the same lock and raises its own limit message
grant execute on function private.limit_lock(text, uuid) to authenticated, service_role;

create trigger storage_items_plan_limit
  after insert on public.storage_items
  referencing new table as new_rows
  for each statement execute function private.enforce_item_limit();
create trigger storage_units_plan_limit
  after insert on public.storage_units
  referencing new table as new_rows
  for each statement execute function private.enforce_unit_limit();
create trigger storage_rooms_plan_limit
  after insert on public.storage_rooms
  referencing new table as new_rows
  for each statement execute function private.enforce_room_limit();

-- ---------------------------------------------------------------------------------------------
-- Row-level security: each user sees and changes only their own rows; anon gets nothing.
-- ---------------------------------------------------------------------------------------------
alter table public.storage_rooms enable row level security;
alter table public.storage_isles enable row level security;
alter table public.storage_units enable row level security;
alter table public.storage_shelves enable row level security;
alter table public.storage_items enable row level security;

-- Supabase's default privileges grant everything (incl. TRUNCATE, which ignores RLS) to anon and
-- authenticated; take it back and give only what the policies below allow.
revoke all on table public.storage_rooms, public.storage_isles, public.storage_units,
  public.storage_shelves, public.storage_items from anon, authenticated;
grant select, insert, update, delete on table public.storage_rooms, public.storage_isles,
  public.storage_units, public.storage_shelves, public.storage_items to authenticated;
grant all on table public.storage_rooms, public.storage_isles, public.storage_units,
  public.storage_shelves, public.storage_items to service_role;

create policy storage_rooms_select on public.storage_rooms for select to authenticated
  using (user_id = (select auth.uid()));
create policy storage_rooms_insert on public.storage_rooms for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy storage_rooms_update on public.storage_rooms for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy storage_rooms_delete on public.storage_rooms for delete to authenticated
  using (user_id = (select auth.uid()));

create policy storage_isles_select on public.storage_isles for select to authenticated
  using (user_id = (select auth.uid()));
create policy storage_isles_insert on public.storage_isles for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy storage_isles_update on public.storage_isles for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy storage_isles_delete on public.storage_isles for delete to authenticated
  using (user_id = (select auth.uid()));

create policy storage_units_select on public.storage_units for select to authenticated
  using (user_id = (select auth.uid()));
create policy storage_units_insert on public.storage_units for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy storage_units_update on public.storage_units for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy storage_units_delete on public.storage_units for delete to authenticated
  using (user_id = (select auth.uid()));

create policy storage_shelves_select on public.storage_shelves for select to authenticated
  using (user_id = (select auth.uid()));
create policy storage_shelves_insert on public.storage_shelves for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy storage_shelves_update on public.storage_shelves for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy storage_shelves_delete on public.storage_shelves for delete to authenticated
  using (user_id = (select auth.uid()));

create policy storage_items_select on public.storage_items for select to authenticated
  using (user_id = (select auth.uid()));
create policy storage_items_insert on public.storage_items for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy storage_items_update on public.storage_items for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy storage_items_delete on public.storage_items for delete to authenticated
  using (user_id = (select auth.uid()));
