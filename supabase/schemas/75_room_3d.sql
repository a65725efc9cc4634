-- The 3D view of a room (Growing Seller and above, docs/product.md#3d-view): the writes that exist
-- only for it are made only by accounts whose plan includes view_3d, its layout is saved in one
-- transaction, and the view reads how many items each shelf holds without downloading the items.
--
-- Gated layout columns: storage_rooms.camera_position_* / camera_target_* and
-- storage_isles.position_x / position_z / rotation_y. Inserts keep their defaults (add_isle,
-- restore and import must work on every plan), so an INSERT is checked only when it sets one
-- of them, and an UPDATE when it changes one. Requests without an end user (service role,
-- maintenance as the table owner) are trusted, as everywhere else in the schema.
--
-- storage_units."position3D" is not gated: it is shared with the inventory, where adding a unit
-- stores its size preset ({"x":0,"y":0,"z":0,"size":50}: SMALL 25, MEDIUM 50, LARGE 100)
-- on every plan (docs/product.md#3d-view), and a unit's name and position3D are plain table writes.
-- save_room_layout as a whole stays gated, and merges a unit's placement into position3D so the
-- size preset survives 'Save Layout'.

-- ---------------------------------------------------------------------------------------------
-- Plan gate on layout writes
-- ---------------------------------------------------------------------------------------------
-- Plan gate on layout writes
create or replace function private.raise_view_3d_unavailable()
returns void
language plpgsql
set search_path = ''
as $$
begin
  -- Same shape as the other feature refusals (restore_backup, listings): 42501 -> HTTP 403.
  raise exception using
    errcode = '42501',
    message = 'PLAN_FEATURE_UNAVAILABLE: The 3D view requires the Growing Seller plan or higher',
    detail = json_build_object('feature', 'view_3d')::text,
    hint = 'Visit the pricing page to upgrade your plan';
end;
$$;
revoke all on function private.raise_view_3d_unavailable() from public;
grant execute on function private.raise_view_3d_unavailable() to authenticated, service_role;

create or replace function private.guard_room_layout()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_before double precision[] := case when tg_op = 'UPDATE' then
    array[old.camera_position_x, old.camera_position_y, old.camera_position_z,
          old.camera_target_x, old.camera_target_y, old.camera_target_z] end;
begin
  -- a new room starts without a camera (all null), like the room a Free seller gets
  if (select private.current_account()) is not null
     and array[new.camera_position_x, new.camera_position_y, new.camera_position_z,
               new.camera_target_x, new.camera_target_y, new.camera_target_z]
         is distinct from coalesce(v_before, array_fill(null::double precision, array[6]))
     and not private.plan_allows(new.account_id, 'view_3d') then
    perform private.raise_view_3d_unavailable();
  end if;
  return new;
end;
$$;
revoke all on function private.guard_room_layout() from public;

-- Boilerplate: the room and isle guards share a trigger's declaration but compare different columns.
create or replace function private.guard_isle_layout()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_before double precision[] := case when tg_op = 'UPDATE' then
    array[old.position_x, old.position_z, old.rotation_y] end;
begin
  -- a new isle starts at the column defaults (0, 0, 0)
  if (select private.current_account()) is not null
     and array[new.position_x, new.position_z, new.rotation_y]
         is distinct from coalesce(v_before, array[0, 0, 0]::double precision[])
     and not private.plan_allows(new.account_id, 'view_3d') then
    perform private.raise_view_3d_unavailable();
  end if;
  return new;
end;
$$;
revoke all on function private.guard_isle_layout() from public;

-- "update of" skips statements that do not name the columns at all (renaming a room,
-- renumbering isles); the functions compare values, so an upsert repeating them passes too.
create trigger storage_rooms_guard_layout
  before insert or update of camera_position_x, camera_position_y, camera_position_z,
                   camera_target_x, camera_target_y, camera_target_z
  on public.storage_rooms
  for each row execute function private.guard_room_layout();
create trigger storage_isles_guard_layout
  before insert or update of position_x, position_z, rotation_y on public.storage_isles
  for each row execute function private.guard_isle_layout();

-- A number the layout may hold: a JSON number from -10000 to 10000, as the tables' constraints
-- say (storage_rooms, storage_isles, private.is_layout_position).
create or replace function private.is_layout_number(p_value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when coalesce(jsonb_typeof(p_value), '') <> 'number' then false
              else abs(p_value::numeric) <= 10000 end
$$;
revoke all on function private.is_layout_number(jsonb) from public;
grant execute on function private.is_layout_number(jsonb) to authenticated, service_role;

-- A unit's position3D as the 3D view may store it: the rule of the storage_units constraint
-- "position3D: place and size as numbers from -10000 to 10000" (30_storage.sql), asked first so
-- save_room_layout can refuse in its own words; not an object is refused here too.
create or replace function private.is_layout_position(p_position jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when coalesce(jsonb_typeof(p_position), '') <> 'object' then false
              else not exists (
                select 1 from jsonb_each(p_position) e
                 where case when jsonb_typeof(e.value) = 'number' then abs(e.value::numeric) > 10000
                            else e.key in ('x', 'y', 'z', 'rotation_y', 'size') and jsonb_typeof(e.value) <> 'null' end) end
$$;
revoke all on function private.is_layout_position(jsonb) from public;
grant execute on function private.is_layout_position(jsonb) to authenticated, service_role;

-- A point of the camera: [x, y, z], three layout numbers.
create or replace function private.is_layout_point(p_value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when coalesce(jsonb_typeof(p_value), '') <> 'array' then false
              when jsonb_array_length(p_value) <> 3 then false
              else not exists (select 1 from jsonb_array_elements(p_value) v
                                where not private.is_layout_number(v)) end
$$;
revoke all on function private.is_layout_point(jsonb) from public;
grant execute on function private.is_layout_point(jsonb) to authenticated, service_role;

-- save_room_layout(p_room_id, p_isles, p_units, p_camera) -> number of isles saved
-- 'Save Layout' in the 3D view: every isle's place and turn and every unit's placement (merged into
-- position3D) in one
-- transaction, so a failure leaves the previous layout whole ('Save Failed', please try again).
--   p_isles:  [{"isle_id": uuid, "position_x": n, "position_z": n, "rotation_y": n}, ...]
--   p_units:  [{"unit_id": uuid, "position3D": {...}}, ...]
--   p_camera: {"position": [x,y,z], "target": [x,y,z]} or null to leave the camera alone
-- Isles and units must be in the room (PT404 otherwise, and nothing is written). Every number
-- must be a JSON number from -10000 to 10000 ('Invalid layout: ...', 22023): "NaN" or "Infinity"
-- as text would otherwise become doubles.
create or replace function public.save_room_layout(p_room_id uuid, p_isles jsonb, p_units jsonb default '[]'::jsonb, p_camera jsonb default NULL::jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_room public.storage_rooms;
  v_wanted integer;
  v_done integer;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if jsonb_typeof(p_isles) is distinct from 'array'
     or jsonb_typeof(coalesce(p_units, '[]'::jsonb)) <> 'array'
     or (p_camera is not null and jsonb_typeof(p_camera) <> 'object') then
    raise exception 'Invalid layout' using errcode = '22023';
  end if;
  -- Locking the room serialises two tabs saving at once; the later save wins whole.
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id for update;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;
  -- Asked up front so a free account gets the feature message, not a half-checked layout.
  if not private.plan_allows(v_room.account_id, 'view_3d') then
    perform private.raise_view_3d_unavailable();
  end if;
  if exists (select 1 from jsonb_array_elements(p_isles) e
              where not private.is_layout_number(e -> 'position_x')
                 or not private.is_layout_number(e -> 'position_z')
                 or (coalesce(jsonb_typeof(e -> 'rotation_y'), 'null') <> 'null'
                     and not private.is_layout_number(e -> 'rotation_y'))) then
    raise exception 'Invalid layout: an isle''s position and turn must be numbers from -10000 to 10000'
      using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(coalesce(p_units, '[]'::jsonb)) e
              where not private.is_layout_position(e -> 'position3D')) then
    raise exception 'Invalid layout: a unit''s position must be numbers from -10000 to 10000'
      using errcode = '22023';
  end if;
  if p_camera is not null
     and not (private.is_layout_point(p_camera -> 'position') and private.is_layout_point(p_camera -> 'target')) then
    raise exception 'Invalid layout: the camera''s position and target must be three numbers from -10000 to 10000'
      using errcode = '22023';
  end if;

  v_wanted := jsonb_array_length(p_isles);
  with wanted as (
    select (e ->> 'isle_id')::uuid as isle_id,
           (e ->> 'position_x')::double precision as position_x,
           (e ->> 'position_z')::double precision as position_z,
           coalesce((e ->> 'rotation_y')::double precision, 0) as rotation_y
      from jsonb_array_elements(p_isles) e
  ), changed as (
    update public.storage_isles i
       set position_x = w.position_x, position_z = w.position_z, rotation_y = w.rotation_y
      from wanted w
     where i.isle_id = w.isle_id and i.room_id = p_room_id
       and w.position_x is not null and w.position_z is not null
    returning 1
  )
  select count(*) into v_done from changed;
  if v_done <> v_wanted then
    raise exception 'Isle not found in this room' using errcode = 'PT404';
  end if;

  v_wanted := jsonb_array_length(coalesce(p_units, '[]'::jsonb));
  with wanted as (
    select (e ->> 'unit_id')::uuid as unit_id, e -> 'position3D' as position3d
      from jsonb_array_elements(coalesce(p_units, '[]'::jsonb)) e
  ), changed as (
    update public.storage_units u
       set "position3D" = case
             when jsonb_typeof(u."position3D") = 'object' and jsonb_typeof(w.position3d) = 'object'
               then u."position3D" || w.position3d
             else w.position3d
           end
      from wanted w, public.storage_isles i
     where u.unit_id = w.unit_id and i.isle_id = u.isle_id and i.room_id = p_room_id
    returning 1
  )
  select count(*) into v_done from changed;
  if v_done <> v_wanted then
    raise exception 'Unit not found in this room' using errcode = 'PT404';
  end if;

  if p_camera is not null then
    update public.storage_rooms r
       set camera_position_x = (p_camera -> 'position' ->> 0)::double precision,
           camera_position_y = (p_camera -> 'position' ->> 1)::double precision,
           camera_position_z = (p_camera -> 'position' ->> 2)::double precision,
           camera_target_x = (p_camera -> 'target' ->> 0)::double precision,
           camera_target_y = (p_camera -> 'target' ->> 1)::double precision,
           camera_target_z = (p_camera -> 'target' ->> 2)::double precision
     where r.room_id = p_room_id;
  end if;
  return jsonb_array_length(p_isles);
end;
$$;
comment on function public.save_room_layout(uuid, jsonb, jsonb, jsonb) is
  'Save the 3D layout of a room (isle places and turns, unit placement merged into position3D, optionally the camera) atomically. Growing plan and above.';
revoke all on function public.save_room_layout(uuid, jsonb, jsonb, jsonb) from public, anon;

-- room_shelf_fill(p_room_id) -> (shelf_id, item_count, quantity)
-- How full each shelf of a room is, counted in the database: the 3D view of an Elite room needs
-- 100 units' worth of numbers, not 5000 item rows. Shelves without items are left out.
create or replace function public.room_shelf_fill(p_room_id uuid)
returns table (shelf_id uuid, item_count integer, quantity bigint)
language sql
stable
set search_path = ''
as $$
  select private.require_role('{owner,manager,picker}'::text[]);
  select it.shelf_id, count(*)::integer, coalesce(sum(it.quantity), 0)::bigint
    from public.storage_items it
    join public.storage_units u on u.unit_id = it.unit_id
    join public.storage_isles i on i.isle_id = u.isle_id
   where i.room_id = p_room_id and it.shelf_id is not null
   group by it.shelf_id
$$;
comment on function public.room_shelf_fill(uuid) is
  'Items per shelf of a room (count of rows and sum of quantity), for the 3D view''s fullness.';
revoke all on function public.room_shelf_fill(uuid) from public, anon;
