-- The inventory's single-row changes, as functions so each writes its storage_logs line in the
-- same transaction (the issue: every change writes its log entry). SPEC 3 lists the actions of
-- the original product; these add add_room, add_isle, add_unit, update_unit and update_isle,
-- which the activity log shows as 'Add room' etc. (the action column is not constrained).
-- Same conventions as 20261122000700: SECURITY INVOKER, RLS decides what the caller sees.

-- ---------------------------------------------------------------------------------------------
-- add_room(p_room_name) -> the new room, last in room_index order; the room limit trigger may
-- refuse with PLAN_LIMIT_REACHED.
-- ---------------------------------------------------------------------------------------------
create or replace function public.add_room(p_room_name text)
returns public.storage_rooms
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_room public.storage_rooms;
begin
  if p_room_name is null or btrim(p_room_name) = '' then
    raise exception 'Room name is required' using errcode = '22023';
  end if;
  -- the lock the limit trigger takes, taken first so the room_index picked below is not
  -- raced by a concurrent add_room (both would pick the same number)
  perform private.limit_lock('rooms', v_uid);
  insert into public.storage_rooms (user_id, room_name, active)
  values (v_uid, btrim(p_room_name), true)
  returning * into v_room; -- room_index filled by private.fill_room_index()

  insert into public.storage_logs (user_id, action, details)
  values (v_uid, 'add_room', format('Added room %s', v_room.room_name));
  return v_room;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- add_unit(p_isle_id, p_unit_type, p_position3d) -> the new unit, named with the isle's first
-- free letter (alphabetical convention); the unit limit trigger may refuse.
-- ---------------------------------------------------------------------------------------------
create or replace function public.add_unit(
  p_isle_id uuid,
  p_unit_type text default 'box',
  p_position3d jsonb default null
)
returns public.storage_units
language plpgsql
set search_path = ''
as $$
declare
  v_isle public.storage_isles;
  v_room public.storage_rooms;
  v_unit public.storage_units;
begin
  -- room then isle, the lock order of remove_unit; the isle lock also queues concurrent
  -- add_unit calls so two never pick the same letter
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i where i.isle_id = p_isle_id)
     for update;
  select i.* into v_isle from public.storage_isles i where i.isle_id = p_isle_id for update;
  if v_room.room_id is null or v_isle.isle_id is null then
    raise exception 'Isle not found' using errcode = 'PT404';
  end if;

  insert into public.storage_units (isle_id, user_id, unit_type, naming_convention, "position3D")
  values (v_isle.isle_id, v_isle.user_id, coalesce(p_unit_type, 'box'), 'alphabetical', p_position3d)
  returning * into v_unit; -- unit_name and unit_index filled by private.fill_unit_defaults()

  insert into public.storage_logs (user_id, action, details)
  values (v_isle.user_id, 'add_unit',
          format('Added unit %s (%s) to %s / Isle %s', v_unit.unit_name, v_unit.unit_type,
                 v_room.room_name, v_isle.isle_index));
  return v_unit;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- rename_unit(p_unit_id, p_unit_name) -> the renamed unit; names are unique per isle
-- (case-insensitive, storage_units_isle_name_key), a clash is 23505.
-- ---------------------------------------------------------------------------------------------
create or replace function public.rename_unit(p_unit_id uuid, p_unit_name text)
returns public.storage_units
language plpgsql
set search_path = ''
as $$
declare
  v_old public.storage_units;
  v_unit public.storage_units;
begin
  if p_unit_name is null or btrim(p_unit_name) = '' then
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
    insert into public.storage_logs (user_id, action, details)
    values (v_unit.user_id, 'update_unit',
            format('Renamed unit %s to %s', v_old.unit_name, v_unit.unit_name));
  end if;
  return v_unit;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- renumber_isle(p_isle_id, p_isle_index) -> the isle with its new number, unique in its room
-- ('Isle number {n} is already in use in this room', 23505).
-- ---------------------------------------------------------------------------------------------
create or replace function public.renumber_isle(p_isle_id uuid, p_isle_index integer)
returns public.storage_isles
language plpgsql
set search_path = ''
as $$
declare
  v_room public.storage_rooms;
  v_old public.storage_isles;
  v_isle public.storage_isles;
begin
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
    insert into public.storage_logs (user_id, action, details)
    values (v_isle.user_id, 'update_isle',
            format('Changed isle %s to isle %s in room %s', v_old.isle_index, v_isle.isle_index,
                   v_room.room_name));
  end if;
  return v_isle;
end;
$$;

-- add_isle (20261122001000) now logs its isle too.
create or replace function public.add_isle(
  p_room_id uuid,
  p_isle_index integer default null,
  p_unit_type text default 'box',
  p_position3d jsonb default null
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_unit public.storage_units;
begin
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

  insert into public.storage_isles (room_id, user_id, isle_index)
  values (v_room.room_id, v_room.user_id, p_isle_index)
  returning * into v_isle;

  insert into public.storage_units (isle_id, user_id, unit_type, naming_convention, "position3D")
  values (v_isle.isle_id, v_room.user_id, coalesce(p_unit_type, 'box'), 'alphabetical', p_position3d)
  returning * into v_unit;

  insert into public.storage_logs (user_id, action, details)
  values (v_room.user_id, 'add_isle',
          format('Added isle %s to room %s with unit %s (%s)', v_isle.isle_index, v_room.room_name,
                 v_unit.unit_name, v_unit.unit_type));
  return jsonb_build_object('isle', to_jsonb(v_isle), 'unit', to_jsonb(v_unit));
end;
$$;

revoke all on function public.add_room(text) from public, anon;
revoke all on function public.add_unit(uuid, text, jsonb) from public, anon;
revoke all on function public.rename_unit(uuid, text) from public, anon;
revoke all on function public.renumber_isle(uuid, integer) from public, anon;
grant execute on function public.add_room(text), public.add_unit(uuid, text, jsonb),
  public.rename_unit(uuid, text), public.renumber_isle(uuid, integer)
  to authenticated, service_role;

comment on function public.add_room(text) is 'Add a room at the end; logs add_room.';
comment on function public.add_unit(uuid, text, jsonb) is
  'Add a unit to an isle, named with its first free letter; logs add_unit.';
comment on function public.rename_unit(uuid, text) is 'Rename a unit (unique per isle); logs update_unit.';
comment on function public.renumber_isle(uuid, integer) is
  'Give an isle another number, unique in its room; logs update_isle.';
