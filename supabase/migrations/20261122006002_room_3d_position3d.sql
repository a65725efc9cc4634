-- storage_units."position3D" is shared with the inventory: adding a unit stores its size preset
-- there ({"x":0,"y":0,"z":0,"size":50}, SPEC 9: SMALL 25, MEDIUM 50, LARGE 100) on every plan,
-- and SPEC 7 lists "update unit_name or position3D" among the plain table writes. So the column
-- itself is not plan-gated after all (20261122006001 did); the writes that exist only for the 3D
-- view stay gated: isle places and turns, the room camera, and save_room_layout as a whole.
--
-- save_room_layout now merges the unit's placement into position3D instead of replacing it, so
-- the size preset (and anything else the inventory keeps there) survives 'Save Layout'.

drop trigger if exists storage_units_guard_layout on public.storage_units;
drop function if exists private.guard_unit_layout();

create or replace function public.save_room_layout(
  p_room_id uuid,
  p_isles jsonb,
  p_units jsonb default '[]'::jsonb,
  p_camera jsonb default null
)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_room public.storage_rooms;
  v_wanted integer;
  v_done integer;
begin
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
  if not private.plan_allows(v_room.user_id, 'view_3d') then
    perform private.raise_view_3d_unavailable();
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
