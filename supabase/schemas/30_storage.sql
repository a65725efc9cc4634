-- Storage: rooms hold isles, isles hold units, units hold numbered shelves, shelves hold items
-- (40_items.sql).
--
-- Ownership consistency is declarative: every child references its parent by (parent id,
-- account_id), so a row can only hang under a parent of the same account. Foreign key checks run
-- with the table owner's rights, so they see rows RLS hides and cannot be fooled by a client
-- that guesses another account's ids. Removals cascade down the tree (docs/product.md#storage:
-- removing a unit removes its shelves and items, removing a room removes its contents).
--
-- Numbering constraints are DEFERRABLE INITIALLY IMMEDIATE: uniqueness is checked at the end of
-- each statement, so one UPDATE (or PostgREST upsert) can renumber 3,4 -> 2,3 without colliding
-- halfway, while two rows can still never share a number.
--
-- Operations that touch several rows are SQL functions so each one is atomic (one transaction
-- per PostgREST call) and writes its storage_logs line in the same transaction. They are
-- SECURITY INVOKER: they run as the caller, so RLS still decides which rows exist for them and
-- nothing here can reach another account's data. The owner used for inserts and logs is taken
-- from the row being operated on (which RLS already restricted to the caller), which also lets
-- the service role run them on an account's behalf.
--
-- Called through PostgREST as POST /rest/v1/rpc/<name> with named arguments
-- (supabase.rpc('add_shelf', { p_unit_id })). Executable by authenticated and service_role only.
-- Errors: 'X not found' uses SQLSTATE PT404 (PostgREST answers HTTP 404), validation 22023
-- (400), plan limits P0001 with 'PLAN_LIMIT_REACHED: ...' (400), plan features 42501 (403),
-- a role that may not do it 42501 (private.require_role).

-- ---------------------------------------------------------------------------------------------
-- One lock per seller, taken first by every write to their storage
--
-- Restores, removals, numbering and limits each need a consistent view of a seller's rows.
-- Taking one per-seller lock before any row lock, on every path (the SQL functions at their
-- start, direct PostgREST writes in a statement trigger before the first row is touched, the
-- limit locks before their own), means two writes of one seller queue instead of deadlocking,
-- and the numbering triggers below read the rows the previous write committed (their queries
-- take a fresh snapshot after the wait). Sellers never wait for each other.
-- ---------------------------------------------------------------------------------------------
create or replace function private.lock_storage(p_account_id uuid)
returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('stockroom.storage.' || p_account_id::text, 0))
$$;
revoke all on function private.lock_storage(uuid) from public;
grant execute on function private.lock_storage(uuid) to authenticated, service_role;

-- The caller's storage lock (nothing for requests without an end user: service role, maintenance).
create or replace function private.lock_my_storage()
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.current_account();
begin
  if v_account is not null then
    perform private.lock_storage(v_account);
  end if;
end;
$$;
revoke all on function private.lock_my_storage() from public;
grant execute on function private.lock_my_storage() to authenticated, service_role;

create or replace function private.lock_storage_for_statement()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.lock_my_storage();
  return null;
end;
$$;
revoke all on function private.lock_storage_for_statement() from public;

-- Plan limits (docs/product.md#plans), enforced whatever the client does.
--
-- Statement-level AFTER INSERT triggers with a transition table: one count per statement and
-- account instead of one per row, so a 5000-row insert costs one index scan, not 5000. The rows are
-- already inserted when the check runs, so "count > limit" is the test and raising undoes the
-- whole statement. A per-account transaction advisory lock serialises concurrent inserts: the second
-- one waits, then (READ COMMITTED: each statement takes a new snapshot) counts the first one's
-- committed rows too, so two inserts at once cannot both slip past the limit.
-- security definer: the count must include all of the account's rows and read the server-side plan
-- regardless of the caller's RLS view.
create or replace function private.limit_lock(p_kind text, p_account_id uuid)
returns void
language sql
set search_path = ''
as $$
  -- the seller's storage lock first, so every lock of a seller is taken in one order
  select private.lock_storage(p_account_id);
  select pg_advisory_xact_lock(hashtextextended('stockroom.limit.' || p_kind || '.' || p_account_id::text, 0))
$$;
revoke all on function private.limit_lock(text, uuid) from public;
grant execute on function private.limit_lock(text, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Plan limits and row caps
-- ---------------------------------------------------------------------------------------------
-- The plan's limit of one kind: 'items', 'units' or 'rooms'.
create or replace function private.plan_limit(p_kind text, p_plan public.plans)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_kind when 'items' then p_plan.max_items
                     when 'units' then p_plan.max_units
                     else p_plan.max_rooms end
$$;
revoke all on function private.plan_limit(text, public.plans) from public;

create or replace function private.raise_plan_limit(p_kind text, p_plan public.plans)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit integer := private.plan_limit(p_kind, p_plan);
  v_text text;
begin
  -- The wording is docs/product.md#plans; src/domain/plans.ts planLimitMessage() builds the same text.
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
revoke all on function private.raise_plan_limit(text, public.plans) from public;

-- One trigger function for every plan limit: TG_ARGV[0] is the limit's kind ('rooms', 'units',
-- 'items'), and the rows counted are the seller's rows of the table the trigger is on.
create or replace function private.enforce_plan_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := tg_argv[0];
  v_account uuid;
  v_plan public.plans;
  v_n integer;
begin
  for v_account in select distinct n.account_id from new_rows n order by n.account_id loop
    perform private.limit_lock(v_kind, v_account);
    v_plan := private.account_plan(v_account);
    execute format('select count(*) from %I.%I where account_id = $1', tg_table_schema, tg_table_name)
      into v_n using v_account;
    if v_n > private.plan_limit(v_kind, v_plan) then
      perform private.raise_plan_limit(v_kind, v_plan);
    end if;
  end loop;
  return null;
end;
$$;
revoke all on function private.enforce_plan_limit() from public;

-- Row caps where no plan limit applies (isles, shelves, staged imports, dismissals, marketplace
-- listings): without them one seller could grow the database without end through the REST API.
-- Statement-level like the plan limits: TG_ARGV is what the seller reads ('isles') and the cap
-- as base + per_item x the plan's item limit + per_unit x its unit limit, so it grows with the
-- plan. security definer: the count must include every row of the seller.
create or replace function private.enforce_row_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid;
  v_plan public.plans;
  v_cap integer;
  v_n integer;
begin
  for v_account in select distinct n.account_id from new_rows n order by n.account_id loop
    perform private.limit_lock(tg_table_name, v_account);
    v_plan := private.account_plan(v_account);
    v_cap := floor(tg_argv[1]::numeric + tg_argv[2]::numeric * v_plan.max_items
                   + tg_argv[3]::numeric * v_plan.max_units)::integer;
    execute format('select count(*) from %I.%I where account_id = $1', tg_table_schema, tg_table_name)
      into v_n using v_account;
    if v_n > v_cap then
      raise exception using
        errcode = 'P0001',
        message = format('LIMIT_REACHED: You can keep at most %s %s on the %s plan', v_cap, tg_argv[0], v_plan.plan_id),
        detail = json_build_object('kind', tg_table_name, 'plan', v_plan.plan_id, 'limit', v_cap)::text;
    end if;
  end loop;
  return null;
end;
$$;
revoke all on function private.enforce_row_cap() from public;

-- ---------------------------------------------------------------------------------------------
-- Numbering: new rows are numbered last (rooms, units) or take the lowest unused number
-- (isles, shelves); units take the lowest unused letter.
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
revoke all on function private.alpha_label(integer) from public;
grant execute on function private.alpha_label(integer) to authenticated, service_role;

-- The next number under one parent: max + 1 of p_index among the rows whose p_parent is p_parent_id.
create or replace function private.next_index(p_table text, p_index text, p_parent text, p_parent_id uuid)
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  v_next integer;
begin
  execute format('select coalesce(max(%I), 0) + 1 from public.%I where %I = $1', p_index, p_table, p_parent)
    into v_next using p_parent_id;
  return v_next;
end;
$$;
revoke all on function private.next_index(text, text, text, uuid) from public;
grant execute on function private.next_index(text, text, text, uuid) to authenticated, service_role;

-- Numbers a new room or isle last among its siblings; TG_ARGV: the index column and the parent
-- column (a room's seller, an isle's room).
create or replace function private.fill_next_index()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- numbering reads the seller's rows: after their lock, so two inserts never pick one number
  perform private.lock_storage(new.account_id);
  if to_jsonb(new) ->> tg_argv[0] is null then
    new := jsonb_populate_record(new, jsonb_build_object(tg_argv[0],
             private.next_index(tg_table_name, tg_argv[0], tg_argv[1], (to_jsonb(new) ->> tg_argv[1])::uuid)));
  end if;
  return new;
end;
$$;
revoke all on function private.fill_next_index() from public;

create or replace function private.fill_unit_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_n integer := 1;
begin
  -- numbering reads the seller's rows: after their lock, so two inserts never pick one number
  perform private.lock_storage(new.account_id);
  if new.unit_index is null then
    new.unit_index := private.next_index('storage_units', 'unit_index', 'isle_id', new.isle_id);
  end if;
  if new.unit_name is null or not private.has_visible_text(new.unit_name) then
    while exists (select 1 from public.storage_units u
                   where u.isle_id = new.isle_id and lower(u.unit_name) = lower(private.alpha_label(v_n))) loop
      v_n := v_n + 1;
    end loop;
    new.unit_name := private.alpha_label(v_n);
  end if;
  return new;
end;
$$;
revoke all on function private.fill_unit_defaults() from public;

-- A new shelf takes the lowest unused index (docs/product.md#storage).
create or replace function private.fill_shelf_index()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- numbering reads the seller's rows: after their lock, so two inserts never pick one number
  perform private.lock_storage(new.account_id);
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
revoke all on function private.fill_shelf_index() from public;

-- ---------------------------------------------------------------------------------------------
-- storage_rooms
-- ---------------------------------------------------------------------------------------------
create table public.storage_rooms (
  room_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  room_name text not null
    constraint "Room name: 1 to 100 characters, not all blank"
    check (private.has_visible_text(room_name) and length(btrim(room_name)) between 1 and 100),
  -- 1-based display order; omitted on insert it becomes last (trigger below).
  room_index integer not null check (room_index >= 0),
  active boolean not null default true,
  -- the 3D view's camera (75_room_3d.sql): null until a layout is saved
  camera_position_x double precision,
  camera_position_y double precision,
  camera_position_z double precision,
  camera_target_x double precision,
  camera_target_y double precision,
  camera_target_z double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- NaN and ±Infinity are doubles to Postgres but no place to a browser (the 3D view would draw
  -- nothing); NaN sorts above every number, so "<=" refuses it too. Metres, 10 km each way.
  constraint "Camera: numbers from -10000 to 10000"
    check (abs(camera_position_x) <= 10000 and abs(camera_position_y) <= 10000
           and abs(camera_position_z) <= 10000 and abs(camera_target_x) <= 10000
           and abs(camera_target_y) <= 10000 and abs(camera_target_z) <= 10000),
  constraint storage_rooms_room_index_key unique (account_id, room_index) deferrable initially immediate,
  -- target of the children's (room_id, account_id) foreign key
  constraint storage_rooms_room_id_account_id_key unique (room_id, account_id)
);
comment on table public.storage_rooms is
  'Rooms of an account''s physical storage, ordered by room_index; camera_* keep the 3D view.';

alter table public.storage_rooms enable row level security;
revoke all on table public.storage_rooms from anon, authenticated;
grant select, insert, update, delete on table public.storage_rooms to authenticated;

create policy storage_rooms_select on public.storage_rooms
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy storage_rooms_insert on public.storage_rooms
  for insert to authenticated
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy storage_rooms_update on public.storage_rooms
  for update to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')))
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy storage_rooms_delete on public.storage_rooms
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.storage_rooms as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.storage_rooms as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.storage_rooms as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.storage_rooms as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.storage_rooms
  for each statement execute function private.refuse_writes_without_mfa();
create trigger storage_rooms_fill_index before insert on public.storage_rooms
  for each row execute function private.fill_next_index('room_index', 'account_id');
create trigger storage_rooms_keep_account
  before update on public.storage_rooms
  for each row execute function private.keep_account();
create trigger storage_rooms_lock_storage
  before insert or update or delete on public.storage_rooms
  for each statement execute function private.lock_storage_for_statement();
create trigger storage_rooms_plan_limit
  after insert on public.storage_rooms
  referencing new table as new_rows
  for each statement execute function private.enforce_plan_limit('rooms');
create trigger storage_rooms_server_stamps
  before insert or update on public.storage_rooms
  for each row execute function private.stamp_server_columns();
create trigger storage_rooms_set_updated_at
  before update on public.storage_rooms
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- storage_isles
-- ---------------------------------------------------------------------------------------------
create table public.storage_isles (
  isle_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  room_id uuid not null,
  -- the isle number the seller sees; unique within the room ('Isle number {n} is already in use')
  isle_index integer not null check (isle_index > 0),
  position_x double precision not null default 0,
  position_z double precision not null default 0,
  rotation_y double precision not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- finite, as the camera above (metres and radians)
  constraint "Isle position and turn: numbers from -10000 to 10000"
    check (abs(position_x) <= 10000 and abs(position_z) <= 10000 and abs(rotation_y) <= 10000),
  constraint storage_isles_room_fkey foreign key (room_id, account_id)
    references public.storage_rooms (room_id, account_id) on delete cascade,
  constraint storage_isles_isle_index_key unique (room_id, isle_index) deferrable initially immediate,
  constraint storage_isles_isle_id_account_id_key unique (isle_id, account_id)
);
comment on table public.storage_isles is
  'Isles (rows of units) in a room, numbered 1..n by isle_index; position/rotation for the floor plan.';

-- each child's foreign key to its parent, for the cascades down the tree and the keys' checks
create index storage_isles_room_fkey_idx on public.storage_isles (room_id, account_id);
-- account_id indexes for RLS filters and for the cascade when an account is deleted
create index storage_isles_account_idx on public.storage_isles (account_id);

alter table public.storage_isles enable row level security;
revoke all on table public.storage_isles from anon, authenticated;
grant select, insert, update, delete on table public.storage_isles to authenticated;

create policy storage_isles_select on public.storage_isles
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy storage_isles_insert on public.storage_isles
  for insert to authenticated
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy storage_isles_update on public.storage_isles
  for update to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')))
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy storage_isles_delete on public.storage_isles
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.storage_isles as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.storage_isles as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.storage_isles as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.storage_isles as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.storage_isles
  for each statement execute function private.refuse_writes_without_mfa();
create trigger storage_isles_fill_index before insert on public.storage_isles
  for each row execute function private.fill_next_index('isle_index', 'room_id');
create trigger storage_isles_keep_account
  before update on public.storage_isles
  for each row execute function private.keep_account();
create trigger storage_isles_lock_storage
  before insert or update or delete on public.storage_isles
  for each statement execute function private.lock_storage_for_statement();
-- an isle holds at least one unit; one more than the unit limit lets add_isle at the limit say
-- the unit limit's own message
create trigger storage_isles_row_cap
  after insert on public.storage_isles
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('isles', 1, 0, 1);
create trigger storage_isles_server_stamps
  before insert or update on public.storage_isles
  for each row execute function private.stamp_server_columns();
create trigger storage_isles_set_updated_at
  before update on public.storage_isles
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- storage_units
-- ---------------------------------------------------------------------------------------------
create table public.storage_units (
  unit_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  isle_id uuid not null,
  -- omitted on insert it becomes the lowest unused letter of the isle (A, B, ... Z, AA, ...)
  unit_name text not null
    constraint "Unit name: 1 to 100 characters, not all blank"
    check (private.has_visible_text(unit_name) and length(btrim(unit_name)) between 1 and 100),
  unit_type text not null default 'box' check (unit_type in ('bay', 'box', 'cabinet', 'bin')),
  -- order within the isle; omitted on insert it becomes last
  unit_index integer not null check (unit_index >= 0),
  naming_convention text not null default 'alphabetical'
    constraint "Naming convention: at most 30 characters" check (length(naming_convention) <= 30),
  "position3D" jsonb
    constraint "position3D: an object of at most 1000 bytes"
    check (jsonb_typeof("position3D") = 'object' and octet_length("position3D"::text) <= 1000)
    -- What the 3D view reads of it (x, y, z, rotation_y, size) is a number when present, and
    -- every number in it is from -10000 to 10000: JSON has no NaN, but jsonb keeps 1e400
    -- (Infinity once a browser reads it) and "NaN" as text. save_room_layout checks the same
    -- (private.is_layout_position) to say so in its own words.
    constraint "position3D: place and size as numbers from -10000 to 10000"
    check (not jsonb_path_exists("position3D",
                                 '$.keyvalue() ? ((@.value.type() == "number" && (@.value > 10000 || @.value < -10000))
                                                  || ((@.key == "x" || @.key == "y" || @.key == "z"
                                                       || @.key == "rotation_y" || @.key == "size")
                                                      && @.value.type() != "number" && @.value.type() != "null"))',
                                 '{}', true)),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint storage_units_isle_fkey foreign key (isle_id, account_id)
    references public.storage_isles (isle_id, account_id) on delete cascade,
  constraint storage_units_unit_id_account_id_key unique (unit_id, account_id)
);
comment on table public.storage_units is
  'Storage units (bay, box, cabinet, bin) in an isle; names are unique per isle (case-insensitive).';
comment on column public.storage_units."position3D" is
  'Position of the unit in the 3D view, e.g. {"x":0,"y":0,"z":0}.';

create index storage_units_isle_fkey_idx on public.storage_units (isle_id, account_id);
-- Import resolves units by name within an isle ('Unit ''{unit}'' not found in isle {n}'), so two
-- units with the same name in one isle would make that ambiguous.
create unique index storage_units_isle_name_key on public.storage_units (isle_id, lower(unit_name));
create index storage_units_account_idx on public.storage_units (account_id);

alter table public.storage_units enable row level security;
revoke all on table public.storage_units from anon, authenticated;
grant select, insert, update, delete on table public.storage_units to authenticated;

create policy storage_units_select on public.storage_units
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy storage_units_insert on public.storage_units
  for insert to authenticated
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy storage_units_update on public.storage_units
  for update to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')))
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy storage_units_delete on public.storage_units
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.storage_units as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.storage_units as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.storage_units as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.storage_units as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.storage_units
  for each statement execute function private.refuse_writes_without_mfa();
create trigger storage_units_fill_defaults before insert on public.storage_units
  for each row execute function private.fill_unit_defaults();
create trigger storage_units_keep_account
  before update on public.storage_units
  for each row execute function private.keep_account();
create trigger storage_units_lock_storage
  before insert or update or delete on public.storage_units
  for each statement execute function private.lock_storage_for_statement();
create trigger storage_units_plan_limit
  after insert on public.storage_units
  referencing new table as new_rows
  for each statement execute function private.enforce_plan_limit('units');
create trigger storage_units_server_stamps
  before insert or update on public.storage_units
  for each row execute function private.stamp_server_columns();
create trigger storage_units_set_updated_at
  before update on public.storage_units
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- storage_shelves
-- ---------------------------------------------------------------------------------------------
create table public.storage_shelves (
  shelf_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  unit_id uuid not null,
  -- 1..n within the unit; omitted on insert it becomes the lowest unused number
  shelf_index integer not null check (shelf_index > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint storage_shelves_unit_fkey foreign key (unit_id, account_id)
    references public.storage_units (unit_id, account_id) on delete cascade,
  constraint storage_shelves_shelf_index_key unique (unit_id, shelf_index) deferrable initially immediate,
  -- target of the items' (shelf_id, unit_id, account_id) foreign key
  constraint storage_shelves_shelf_unit_account_key unique (shelf_id, unit_id, account_id)
);
comment on table public.storage_shelves is
  'Numbered shelves (1..n) of a unit. New shelves take the lowest unused number.';

create index storage_shelves_unit_fkey_idx on public.storage_shelves (unit_id, account_id);
create index storage_shelves_account_idx on public.storage_shelves (account_id);

alter table public.storage_shelves enable row level security;
revoke all on table public.storage_shelves from anon, authenticated;
grant select, insert, update, delete on table public.storage_shelves to authenticated;

create policy storage_shelves_select on public.storage_shelves
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy storage_shelves_insert on public.storage_shelves
  for insert to authenticated
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy storage_shelves_update on public.storage_shelves
  for update to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')))
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy storage_shelves_delete on public.storage_shelves
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.storage_shelves as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.storage_shelves as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.storage_shelves as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.storage_shelves as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.storage_shelves
  for each statement execute function private.refuse_writes_without_mfa();
create trigger storage_shelves_fill_index before insert on public.storage_shelves
  for each row execute function private.fill_shelf_index();
create trigger storage_shelves_keep_account
  before update on public.storage_shelves
  for each row execute function private.keep_account();
create trigger storage_shelves_lock_storage
  before insert or update or delete on public.storage_shelves
  for each statement execute function private.lock_storage_for_statement();
create trigger storage_shelves_row_cap
  after insert on public.storage_shelves
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('shelves', 0, 0, 50);
create trigger storage_shelves_server_stamps
  before insert or update on public.storage_shelves
  for each row execute function private.stamp_server_columns();
create trigger storage_shelves_set_updated_at
  before update on public.storage_shelves
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- When each shelf was last counted, and by whom (apply_shelf_count, 47_counts.sql)
-- ---------------------------------------------------------------------------------------------
alter table public.storage_shelves add column last_counted_at timestamptz;
alter table public.storage_shelves add column last_counted_by uuid references auth.users (id) on delete set null;
comment on column public.storage_shelves.last_counted_at is
  'When a count of this shelf was last applied (apply_shelf_count); null: never counted.';
comment on column public.storage_shelves.last_counted_by is
  'The person who applied the last count (user id).';

create index storage_shelves_last_counted_by_idx on public.storage_shelves (last_counted_by)
  where last_counted_by is not null;

-- ---------------------------------------------------------------------------------------------
-- Location codes (issue #41): a code for every unit and shelf, printed on its label
-- ---------------------------------------------------------------------------------------------
-- A printed label must stay right when shelves renumber, so the label carries a code of its own,
-- not the shelf's number: "S-" for a shelf, "U-" for a unit, then 5 characters from an alphabet
-- without look-alikes (no 0/O, 1/I/L), short enough to read aloud. The prefixes keep shelf and
-- unit codes apart, so each table's own unique index (account_id, code) is enough: no shared
-- codes table. The characters are a fixed shuffle (a keyed Feistel permutation) of one sequence's
-- numbers: distinct by construction, so parallel inserts never collide or retry, a removed
-- shelf's code never comes back on another shelf, and ADD COLUMN's default gives existing rows
-- their codes in the migration itself. Past 31^5 numbers the codes grow to 6 characters.
create sequence private.location_code_numbers;

-- The code characters of the n-th number: a permutation of 0 .. 31^len - 1 written in base 31
-- (the sequence starts at 1: number 0 is never used).
create or replace function private.location_code_text(p_n bigint)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  c_alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  v_length integer := 5;
  v_size bigint := 28629151; -- 31^5
  v_half integer := 13; -- 2^26 >= 31^5: the Feistel block is two halves of 13 bits
  v_x bigint := p_n;
  v_mask bigint;
  v_left bigint;
  v_right bigint;
  v_swap bigint;
  v_code text := '';
begin
  if p_n >= 28629151 then
    v_length := 6;
    v_size := 887503681; -- 31^6
    v_half := 15;
    v_x := p_n - 28629151;
  end if;
  if p_n < 0 or v_x >= v_size then
    raise exception 'No location code for number %', p_n using errcode = '22023';
  end if;
  v_mask := (1::bigint << v_half) - 1;
  -- cycle-walking: permute the 2*half-bit block until the result falls inside 0 .. size - 1
  loop
    v_left := v_x >> v_half;
    v_right := v_x & v_mask;
    for round in 1..4 loop
      v_swap := v_right;
      v_right := v_left # (hashint8(v_right * 8 + round)::bigint & v_mask);
      v_left := v_swap;
    end loop;
    v_x := (v_left << v_half) | v_right;
    exit when v_x < v_size;
  end loop;
  for i in 1..v_length loop
    v_code := substr(c_alphabet, (v_x % 31)::integer + 1, 1) || v_code;
    v_x := v_x / 31;
  end loop;
  return v_code;
end;
$$;
revoke all on function private.location_code_text(bigint) from public;

-- A new code with its kind's prefix. security definer: the caller needs no rights on the sequence.
create or replace function private.new_location_code(p_prefix text)
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select p_prefix || private.location_code_text(nextval('private.location_code_numbers'))
$$;
revoke all on function private.new_location_code(text) from public;
grant execute on function private.new_location_code(text) to authenticated, service_role;

-- Clients never choose or change a code: an insert from a client gets a fresh one (restore and
-- undo, which run with private.keep_stamps(), put back the code the labels carry), and an update
-- that changes one is refused. TG_ARGV[0]: the kind's prefix.
create or replace function private.keep_location_code()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if coalesce(current_setting('stockroom.keep_stamps', true), '') <> 'on' or new.code is null then
      new.code := private.new_location_code(tg_argv[0]);
    end if;
  elsif new.code is distinct from old.code then
    raise exception 'A location code never changes: the labels printed with it must stay right'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function private.keep_location_code() from public;

alter table public.storage_units
  add column code text not null default private.new_location_code('U-')
    constraint "Unit code: U- and 5 or 6 code characters"
    check (code ~ '^U-[2-9A-HJKMNP-Z]{5,6}$');
alter table public.storage_shelves
  add column code text not null default private.new_location_code('S-')
    constraint "Shelf code: S- and 5 or 6 code characters"
    check (code ~ '^S-[2-9A-HJKMNP-Z]{5,6}$');
comment on column public.storage_units.code is
  'The unit''s label code (U-XXXXX): given by the database, unique in the account, never changed.';
comment on column public.storage_shelves.code is
  'The shelf''s label code (S-XXXXX): given by the database, unique in the account, kept when shelves renumber.';
create unique index storage_units_code_key on public.storage_units (account_id, code);
create unique index storage_shelves_code_key on public.storage_shelves (account_id, code);

create trigger storage_units_keep_code
  before insert or update on public.storage_units
  for each row execute function private.keep_location_code('U-');
create trigger storage_shelves_keep_code
  before insert or update on public.storage_shelves
  for each row execute function private.keep_location_code('S-');

-- ---------------------------------------------------------------------------------------------
-- Renumbering and places
-- ---------------------------------------------------------------------------------------------
-- Renumber the rows under one parent 1..n in their current order: the shelves of a unit, the
-- isles of a room, the rooms of a seller. One UPDATE: the deferrable unique constraint is
-- checked at its end, so shifting 3 -> 2 while 2 -> 1 does not collide. p_level names the
-- columns: '<level>_id' and '<level>_index'.
create or replace function private.renumber(p_table text, p_level text, p_parent text, p_parent_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format(
    'update public.%1$I t set %2$I = n.rn'
    '  from (select %3$I, row_number() over (order by %2$I, created_at) as rn'
    '          from public.%1$I where %4$I = $1) n'
    ' where t.%3$I = n.%3$I and t.%2$I <> n.rn',
    p_table, p_level || '_index', p_level || '_id', p_parent)
    using p_parent_id;
end;
$$;
revoke all on function private.renumber(text, text, text, uuid) from public;
grant execute on function private.renumber(text, text, text, uuid) to authenticated, service_role;

create or replace function private.renumber_shelves(p_unit_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.renumber('storage_shelves', 'shelf', 'unit_id', p_unit_id) $$;
revoke all on function private.renumber_shelves(uuid) from public;
grant execute on function private.renumber_shelves(uuid) to authenticated, service_role;

create or replace function private.renumber_isles(p_room_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.renumber('storage_isles', 'isle', 'room_id', p_room_id) $$;
revoke all on function private.renumber_isles(uuid) from public;
grant execute on function private.renumber_isles(uuid) to authenticated, service_role;

create or replace function private.renumber_rooms(p_account_id uuid)
returns void
language sql
set search_path = ''
as $$ select private.renumber('storage_rooms', 'room', 'account_id', p_account_id) $$;
revoke all on function private.renumber_rooms(uuid) from public;
grant execute on function private.renumber_rooms(uuid) to authenticated, service_role;

-- 'Garage / Isle 2 / Unit B / Shelf 3' for log lines. plpgsql so the four-table join with its
-- RLS is planned once per session, not at every move, add or scan that logs (as sql it was).
create or replace function private.shelf_location(p_shelf_id uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return (select format('%s / Isle %s / Unit %s / Shelf %s', r.room_name, i.isle_index, u.unit_name, s.shelf_index)
            from public.storage_shelves s
            join public.storage_units u on u.unit_id = s.unit_id
            join public.storage_isles i on i.isle_id = u.isle_id
            join public.storage_rooms r on r.room_id = i.room_id
           where s.shelf_id = p_shelf_id);
end;
$$;
revoke all on function private.shelf_location(uuid) from public;
grant execute on function private.shelf_location(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The API
-- ---------------------------------------------------------------------------------------------
-- add_room(p_room_name) -> the new room, last in room_index order; the room limit trigger may
-- refuse with PLAN_LIMIT_REACHED.
create or replace function public.add_room(p_room_name text)
returns public.storage_rooms
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_room public.storage_rooms;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if not coalesce(private.has_visible_text(p_room_name), false) then
    raise exception 'Room name is required' using errcode = '22023';
  end if;
  -- the lock the limit trigger takes, taken first so the room_index picked below is not
  -- raced by a concurrent add_room (both would pick the same number)
  perform private.limit_lock('rooms', v_account);
  insert into public.storage_rooms (account_id, room_name, active)
  values (v_account, btrim(p_room_name), true)
  returning * into v_room; -- room_index filled by private.fill_next_index()

  perform private.log(v_account, 'add_room', format('Added room %s', v_room.room_name));
  return v_room;
end;
$$;
comment on function public.add_room(text) is 'Add a room at the end; logs add_room.';
revoke all on function public.add_room(text) from public, anon;

-- add_isle(p_room_id, p_isle_index, p_unit_type, p_position3d) -> {isle, unit}
-- A new isle always comes with its first unit: an isle lives only while it has units (removing
-- its last unit removes it, docs/product.md#storage). Doing both inserts in one function means a
-- unit refused by the plan limit leaves no empty isle behind.
create or replace function public.add_isle(p_room_id uuid, p_isle_index integer default NULL::integer, p_unit_type text default 'box'::text, p_position3d jsonb default NULL::jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_unit public.storage_units;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id for update;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;
  if p_isle_index is not null and p_isle_index <= 0 then
    raise exception 'Invalid isle number' using errcode = '22023';
  end if;
  if p_isle_index is not null and exists (select 1 from public.storage_isles i
                                           where i.room_id = p_room_id and i.isle_index = p_isle_index) then
    raise exception 'Isle number % is already in use in this room', p_isle_index using errcode = '23505';
  end if;

  insert into public.storage_isles (room_id, account_id, isle_index)
  values (v_room.room_id, v_room.account_id, p_isle_index)
  returning * into v_isle;

  insert into public.storage_units (isle_id, account_id, unit_type, naming_convention, "position3D")
  values (v_isle.isle_id, v_room.account_id, coalesce(p_unit_type, 'box'), 'alphabetical', p_position3d)
  returning * into v_unit;

  perform private.log(v_room.account_id, 'add_isle',
          format('Added isle %s to room %s with unit %s (%s)', v_isle.isle_index, v_room.room_name,
                 v_unit.unit_name, v_unit.unit_type));
  return jsonb_build_object('isle', to_jsonb(v_isle), 'unit', to_jsonb(v_unit));
end;
$$;
comment on function public.add_isle(uuid, integer, text, jsonb) is
  'Add an isle (number unique in the room) with its first unit, atomically.';
revoke all on function public.add_isle(uuid, integer, text, jsonb) from public, anon;

-- add_unit(p_isle_id, p_unit_type, p_position3d) -> the new unit, named with the isle's first
-- free letter (alphabetical convention); the unit limit trigger may refuse.
create or replace function public.add_unit(p_isle_id uuid, p_unit_type text default 'box'::text, p_position3d jsonb default NULL::jsonb)
returns public.storage_units
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_isle public.storage_isles;
  v_room public.storage_rooms;
  v_unit public.storage_units;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  -- room then isle, the lock order of remove_unit; the isle lock also queues concurrent
  -- add_unit calls so two never pick the same letter
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i where i.isle_id = p_isle_id)
     for update;
  select i.* into v_isle from public.storage_isles i where i.isle_id = p_isle_id for update;
  if v_room.room_id is null or v_isle.isle_id is null then
    raise exception 'Isle not found' using errcode = 'PT404';
  end if;

  insert into public.storage_units (isle_id, account_id, unit_type, naming_convention, "position3D")
  values (v_isle.isle_id, v_isle.account_id, coalesce(p_unit_type, 'box'), 'alphabetical', p_position3d)
  returning * into v_unit; -- unit_name and unit_index filled by private.fill_unit_defaults()

  perform private.log(v_isle.account_id, 'add_unit',
          format('Added unit %s (%s) to %s / Isle %s', v_unit.unit_name, v_unit.unit_type,
                 v_room.room_name, v_isle.isle_index));
  return v_unit;
end;
$$;
comment on function public.add_unit(uuid, text, jsonb) is
  'Add a unit to an isle, named with its first free letter; logs add_unit.';
revoke all on function public.add_unit(uuid, text, jsonb) from public, anon;

-- add_shelf(p_unit_id) -> the new shelf, numbered with the lowest unused index
create or replace function public.add_shelf(p_unit_id uuid)
returns public.storage_shelves
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_unit public.storage_units;
  v_shelf public.storage_shelves;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  -- Locking the unit queues concurrent add_shelf calls for it; each then takes a new snapshot
  -- and sees the shelf the previous one committed, so two calls never pick the same number.
  select u.* into v_unit from public.storage_units u where u.unit_id = p_unit_id for update;
  if not found then
    raise exception 'Unit not found' using errcode = 'PT404';
  end if;

  insert into public.storage_shelves (unit_id, account_id)
  values (v_unit.unit_id, v_unit.account_id)
  returning * into v_shelf; -- shelf_index filled by private.fill_shelf_index()

  perform private.log(v_unit.account_id, 'add_shelf',
          format('Added shelf %s to unit %s', v_shelf.shelf_index, v_unit.unit_name));
  return v_shelf;
end;
$$;
comment on function public.add_shelf(uuid) is
  'Add a shelf to a unit at the lowest unused number; logs add_shelf.';
revoke all on function public.add_shelf(uuid) from public, anon;

-- remove_shelf(p_shelf_id) -> the unit's remaining shelves, renumbered 1..n; undoable
-- Items on the removed shelf are removed with it (docs/product.md#storage).
create or replace function public.remove_shelf(p_shelf_id uuid)
returns setof public.storage_shelves
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_unit public.storage_units;
  v_shelf public.storage_shelves;
  v_items integer;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.begin_undo('remove_shelf');
  -- lock the unit first (same order as add_shelf), then re-read the shelf under the lock
  select u.* into v_unit from public.storage_units u
   where u.unit_id = (select s.unit_id from public.storage_shelves s where s.shelf_id = p_shelf_id)
     for update;
  select s.* into v_shelf from public.storage_shelves s where s.shelf_id = p_shelf_id;
  if v_unit.unit_id is null or v_shelf.shelf_id is null then
    raise exception 'Shelf not found' using errcode = 'PT404';
  end if;

  select count(*) into v_items from public.storage_items i where i.shelf_id = p_shelf_id;
  delete from public.storage_shelves s where s.shelf_id = p_shelf_id;
  perform private.renumber_shelves(v_unit.unit_id);

  perform private.log(v_unit.account_id, 'remove_shelf',
          format('Removed shelf %s from unit %s', v_shelf.shelf_index, v_unit.unit_name)
          || case when v_items > 0 then format(' with %s item(s)', v_items) else '' end);

  return query select s.* from public.storage_shelves s
                where s.unit_id = v_unit.unit_id order by s.shelf_index;
end;
$$;
comment on function public.remove_shelf(uuid) is
  'Remove a shelf (and its items), renumber the rest 1..n; logs remove_shelf.';
revoke all on function public.remove_shelf(uuid) from public, anon;

-- remove_isle(p_isle_id) -> the room's remaining isles, renumbered 1..n; undoable
create or replace function public.remove_isle(p_isle_id uuid)
returns setof public.storage_isles
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_units integer;
  v_items integer;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.begin_undo('remove_isle');
  -- lock order room -> isle -> unit everywhere, so concurrent removals cannot deadlock
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i where i.isle_id = p_isle_id)
     for update;
  select i.* into v_isle from public.storage_isles i where i.isle_id = p_isle_id;
  if v_room.room_id is null or v_isle.isle_id is null then
    raise exception 'Isle not found' using errcode = 'PT404';
  end if;

  select count(*) into v_units from public.storage_units u where u.isle_id = p_isle_id;
  select count(*) into v_items from public.storage_items it
    join public.storage_units u on u.unit_id = it.unit_id where u.isle_id = p_isle_id;

  delete from public.storage_isles i where i.isle_id = p_isle_id; -- units, shelves, items cascade
  perform private.renumber_isles(v_room.room_id);

  perform private.log(v_room.account_id, 'remove_isle',
          format('Removed isle %s from room %s with %s unit(s) and %s item(s)',
                 v_isle.isle_index, v_room.room_name, v_units, v_items));

  return query select i.* from public.storage_isles i
                where i.room_id = v_room.room_id order by i.isle_index;
end;
$$;
comment on function public.remove_isle(uuid) is
  'Remove an isle with its contents, renumber the room''s isles 1..n; logs remove_isle.';
revoke all on function public.remove_isle(uuid) from public, anon;

-- remove_unit(p_unit_id) -> {unit_id, isle_id, isle_removed, shelves_removed, items_removed,
-- change_id}
-- Removes the unit's shelves and items; if it was the isle's last unit the isle goes too and
-- the room's isles are renumbered 1..n (docs/product.md#storage). Undoable: change_id is the change
-- to undo.
-- Boilerplate: each storage call opens with its own declaration, the seller's lock and its own
-- not-found check; they are separate API calls with their own rows and messages.
create or replace function public.remove_unit(p_unit_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_change uuid;
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_unit public.storage_units;
  v_shelves integer;
  v_items integer;
  v_isle_removed boolean := false;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  v_change := private.begin_undo('remove_unit');
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i
                       where i.isle_id = (select u.isle_id from public.storage_units u where u.unit_id = p_unit_id))
     for update;
  select i.* into v_isle from public.storage_isles i
   where i.isle_id = (select u.isle_id from public.storage_units u where u.unit_id = p_unit_id)
     for update;
  select u.* into v_unit from public.storage_units u where u.unit_id = p_unit_id for update;
  if v_room.room_id is null or v_isle.isle_id is null or v_unit.unit_id is null then
    raise exception 'Unit not found' using errcode = 'PT404';
  end if;

  select count(*) into v_shelves from public.storage_shelves s where s.unit_id = p_unit_id;
  select count(*) into v_items from public.storage_items it where it.unit_id = p_unit_id;

  delete from public.storage_units u where u.unit_id = p_unit_id; -- shelves and items cascade

  if not exists (select 1 from public.storage_units u where u.isle_id = v_isle.isle_id) then
    delete from public.storage_isles i where i.isle_id = v_isle.isle_id;
    perform private.renumber_isles(v_room.room_id);
    v_isle_removed := true;
  end if;

  perform private.log(v_unit.account_id, 'remove_unit',
          format('Removed unit %s (%s) from %s / Isle %s with %s shelf(s) and %s item(s)',
                 v_unit.unit_name, v_unit.unit_type, v_room.room_name, v_isle.isle_index, v_shelves, v_items)
          || case when v_isle_removed then format('; isle %s was empty and was removed', v_isle.isle_index)
                  else '' end);

  return jsonb_build_object(
    'change_id', v_change,
    'unit_id', v_unit.unit_id,
    'isle_id', v_isle.isle_id,
    'isle_removed', v_isle_removed,
    'shelves_removed', v_shelves,
    'items_removed', v_items);
end;
$$;
comment on function public.remove_unit(uuid) is
  'Remove a unit with its shelves and items, and its isle if it was the last unit; logs remove_unit.';
revoke all on function public.remove_unit(uuid) from public, anon;

-- update_room(p_room_id, p_room_name) -> the renamed room, logged as update_room
create or replace function public.update_room(p_room_id uuid, p_room_name text)
returns public.storage_rooms
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_old text;
  v_room public.storage_rooms;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  select r.room_name into v_old from public.storage_rooms r where r.room_id = p_room_id for update;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;
  update public.storage_rooms r set room_name = btrim(p_room_name)
   where r.room_id = p_room_id
  returning * into v_room;
  perform private.log(v_room.account_id, 'update_room', format('Renamed room %s to %s', v_old, v_room.room_name));
  return v_room;
end;
$$;
comment on function public.update_room(uuid, text) is 'Rename a room; logs update_room.';
revoke all on function public.update_room(uuid, text) from public, anon;

-- remove_room(p_room_id) -> {room_id, isles_removed, units_removed, items_removed,
-- active_room_id, change_id}
-- Removes the room with everything in it, renumbers the account's rooms 1..n and, if the
-- removed room was active and no other room is, activates the first remaining room
-- (docs/product.md#storage). Undoable: change_id is the change to undo.
create or replace function public.remove_room(p_room_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_change uuid;
  v_room public.storage_rooms;
  v_isles integer;
  v_units integer;
  v_items integer;
  v_active uuid;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  v_change := private.begin_undo('remove_room');
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;
  -- serialise with room inserts and other removals of this account (renumbering touches all rooms)
  perform private.limit_lock('rooms', v_room.account_id);
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id for update;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;

  select count(*) into v_isles from public.storage_isles i where i.room_id = p_room_id;
  select count(*) into v_units from public.storage_units u
    join public.storage_isles i on i.isle_id = u.isle_id where i.room_id = p_room_id;
  select count(*) into v_items from public.storage_items it
    join public.storage_units u on u.unit_id = it.unit_id
    join public.storage_isles i on i.isle_id = u.isle_id where i.room_id = p_room_id;

  delete from public.storage_rooms r where r.room_id = p_room_id; -- isles, units, shelves, items cascade
  perform private.renumber_rooms(v_room.account_id);

  select r.room_id into v_active from public.storage_rooms r
   where r.account_id = v_room.account_id and r.active order by r.room_index limit 1;
  if v_active is null and v_room.active then
    update public.storage_rooms r set active = true
     where r.room_id = (select r2.room_id from public.storage_rooms r2
                         where r2.account_id = v_room.account_id order by r2.room_index limit 1)
    returning r.room_id into v_active;
  end if;

  perform private.log(v_room.account_id, 'remove_room',
          format('Removed room %s with %s isle(s), %s unit(s) and %s item(s)',
                 v_room.room_name, v_isles, v_units, v_items));

  return jsonb_build_object(
    'change_id', v_change,
    'room_id', p_room_id,
    'isles_removed', v_isles,
    'units_removed', v_units,
    'items_removed', v_items,
    'active_room_id', v_active);
end;
$$;
comment on function public.remove_room(uuid) is
  'Remove a room with its contents, renumber rooms 1..n; logs remove_room.';
revoke all on function public.remove_room(uuid) from public, anon;

-- rename_unit(p_unit_id, p_unit_name) -> the renamed unit; names are unique per isle
-- (case-insensitive, storage_units_isle_name_key), a clash is 23505.
create or replace function public.rename_unit(p_unit_id uuid, p_unit_name text)
returns public.storage_units
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_old public.storage_units;
  v_unit public.storage_units;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if not coalesce(private.has_visible_text(p_unit_name), false) then
    raise exception 'Unit name is required' using errcode = '22023';
  end if;
  select u.* into v_old from public.storage_units u where u.unit_id = p_unit_id for update;
  if not found then
    raise exception 'Unit not found' using errcode = 'PT404';
  end if;
  update public.storage_units u set unit_name = btrim(p_unit_name)
   where u.unit_id = p_unit_id
  returning * into v_unit;
  if v_unit.unit_name is distinct from v_old.unit_name then
    perform private.log(v_unit.account_id, 'update_unit',
            format('Renamed unit %s to %s', v_old.unit_name, v_unit.unit_name));
  end if;
  return v_unit;
end;
$$;
comment on function public.rename_unit(uuid, text) is
  'Rename a unit (unique per isle); logs update_unit.';
revoke all on function public.rename_unit(uuid, text) from public, anon;

-- renumber_isle(p_isle_id, p_isle_index) -> the isle with its new number, unique in its room
-- ('Isle number {n} is already in use in this room', 23505).
-- Boilerplate: rename/renumber/add calls share the declaration, lock and logging steps but each
-- checks and logs its own row.
create or replace function public.renumber_isle(p_isle_id uuid, p_isle_index integer)
returns public.storage_isles
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_room public.storage_rooms;
  v_old public.storage_isles;
  v_isle public.storage_isles;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i where i.isle_id = p_isle_id)
     for update;
  select i.* into v_old from public.storage_isles i where i.isle_id = p_isle_id for update;
  if v_room.room_id is null or v_old.isle_id is null then
    raise exception 'Isle not found' using errcode = 'PT404';
  end if;
  if p_isle_index is null or p_isle_index <= 0 then
    raise exception 'Invalid isle number' using errcode = '22023';
  end if;
  if exists (select 1 from public.storage_isles i
              where i.room_id = v_room.room_id and i.isle_index = p_isle_index
                and i.isle_id <> p_isle_id) then
    raise exception 'Isle number % is already in use in this room', p_isle_index using errcode = '23505';
  end if;
  update public.storage_isles i set isle_index = p_isle_index
   where i.isle_id = p_isle_id
  returning * into v_isle;
  if v_isle.isle_index <> v_old.isle_index then
    perform private.log(v_isle.account_id, 'update_isle',
            format('Changed isle %s to isle %s in room %s', v_old.isle_index, v_isle.isle_index,
                   v_room.room_name));
  end if;
  return v_isle;
end;
$$;
comment on function public.renumber_isle(uuid, integer) is
  'Give an isle another number, unique in its room; logs update_isle.';
revoke all on function public.renumber_isle(uuid, integer) from public, anon;
