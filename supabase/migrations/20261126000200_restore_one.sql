-- ---------------------------------------------------------------------------------------------
-- Restore one thing from a backup (issue #25): a single deleted item, shelf or unit (with what
-- it held) comes back with its own ids, where it was, or to a shelf the seller chooses when that
-- place is gone. Same rules as restore_backup (20261122000700_backups.sql): Power Seller and up,
-- plan limits by the existing triggers, all or nothing, logged.
--
-- Where a thing goes back:
--   item  - on its shelf (or, if it had none, in its unit / nowhere, as it was);
--   shelf - in its unit at its old number, the shelves from there on moving up one; its items
--           come with it;
--   unit  - in its isle at its old position, with its shelves and their items. Removing a
--           unit's last unit removes its isle, so when the isle is gone but its room is not,
--           the isle comes back too (its old number if free, else the next one).
-- When that place is gone, p_shelf_id names a shelf of the seller's: an item goes on it, a
-- shelf goes last into its unit, a unit goes last into its isle (one picker for all three).
-- If any row it would bring back is in the stockroom now (not deleted, or moved out before its
-- unit was removed), it refuses and says where that row is now: the backup no longer matches.
-- ---------------------------------------------------------------------------------------------

-- The rows of one part of a snapshot ('items', ...) whose p_key is p_id.
create or replace function private.snapshot_rows(p_snap jsonb, p_part text, p_key text, p_id uuid)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(e), '[]'::jsonb)
    from jsonb_array_elements(coalesce(p_snap -> p_part, '[]'::jsonb)) e
   where e ->> p_key = p_id::text
$$;

-- 'Garage › Isle 2 › Unit B › Shelf 3' as the snapshot had it; the levels given (shelf, else
-- unit, else isle) decide how deep the name goes. Null when the snapshot lacks the rows.
create or replace function private.snapshot_place(p_snap jsonb, p_isle_id uuid, p_unit_id uuid, p_shelf_id uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  with s as (select e from jsonb_array_elements(coalesce(p_snap -> 'shelves', '[]'::jsonb)) e
              where e ->> 'shelf_id' = p_shelf_id::text),
       u as (select e from jsonb_array_elements(coalesce(p_snap -> 'units', '[]'::jsonb)) e
              where e ->> 'unit_id' = coalesce((select s.e ->> 'unit_id' from s), p_unit_id::text)),
       i as (select e from jsonb_array_elements(coalesce(p_snap -> 'isles', '[]'::jsonb)) e
              where e ->> 'isle_id' = coalesce((select u.e ->> 'isle_id' from u), p_isle_id::text)),
       r as (select e from jsonb_array_elements(coalesce(p_snap -> 'rooms', '[]'::jsonb)) e
              where e ->> 'room_id' = (select i.e ->> 'room_id' from i))
  select (select r.e ->> 'room_name' from r)
         || ' › Isle ' || (select i.e ->> 'isle_index' from i)
         || coalesce(' › Unit ' || (select u.e ->> 'unit_name' from u), '')
         || coalesce(' › Shelf ' || (select s.e ->> 'shelf_index' from s), '')
$$;

-- The same name for where a row is now: a shelf, else a unit, else an isle.
create or replace function private.place_now(p_isle_id uuid, p_unit_id uuid, p_shelf_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select r.room_name || ' › Isle ' || i.isle_index
         || coalesce(' › Unit ' || u.unit_name, '')
         || coalesce(' › Shelf ' || s.shelf_index, '')
    from public.storage_isles i
    join public.storage_rooms r on r.room_id = i.room_id
    left join public.storage_units u on u.unit_id = coalesce(
      (select s2.unit_id from public.storage_shelves s2 where s2.shelf_id = p_shelf_id), p_unit_id)
    left join public.storage_shelves s on s.shelf_id = p_shelf_id
   where i.isle_id = coalesce(
      (select u2.isle_id from public.storage_units u2 where u2.unit_id = coalesce(
         (select s3.unit_id from public.storage_shelves s3 where s3.shelf_id = p_shelf_id), p_unit_id)),
      p_isle_id)
$$;

revoke all on function private.snapshot_rows(jsonb, text, text, uuid) from public;
revoke all on function private.snapshot_place(jsonb, uuid, uuid, uuid) from public;
revoke all on function private.place_now(uuid, uuid, uuid) from public;
grant execute on function private.snapshot_rows(jsonb, text, text, uuid),
  private.snapshot_place(jsonb, uuid, uuid, uuid), private.place_now(uuid, uuid, uuid)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- backup_deleted_things(p_backup_id) -> what that backup holds that is no longer in the
-- stockroom: deleted units, deleted shelves of units that still exist, deleted items whose
-- shelf (or unit) still exists. Things inside a deleted unit or shelf come back with it, so
-- they are not listed on their own. place is where it was (from the backup); place_exists
-- says whether restore_from_backup can put it there or needs a shelf to be chosen.
-- ---------------------------------------------------------------------------------------------
create or replace function public.backup_deleted_things(p_backup_id uuid)
returns table (kind text, id uuid, name text, place text, place_exists boolean, item_count integer)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_snap jsonb;
begin
  select b.snapshot into v_snap from public.backups b where b.backup_id = p_backup_id;
  if not found then
    raise exception 'Backup not found' using errcode = 'PT404';
  end if;

  return query
  with units as (
    select e as doc, (e ->> 'unit_id')::uuid as unit_id, (e ->> 'isle_id')::uuid as isle_id
      from jsonb_array_elements(coalesce(v_snap -> 'units', '[]'::jsonb)) e
  ), isles as (
    select (e ->> 'isle_id')::uuid as isle_id, (e ->> 'room_id')::uuid as room_id
      from jsonb_array_elements(coalesce(v_snap -> 'isles', '[]'::jsonb)) e
  ), shelves as (
    select e as doc, (e ->> 'shelf_id')::uuid as shelf_id, (e ->> 'unit_id')::uuid as unit_id
      from jsonb_array_elements(coalesce(v_snap -> 'shelves', '[]'::jsonb)) e
  ), items as (
    select e as doc, (e ->> 'item_id')::uuid as item_id, (e ->> 'unit_id')::uuid as unit_id,
           (e ->> 'shelf_id')::uuid as shelf_id
      from jsonb_array_elements(coalesce(v_snap -> 'items', '[]'::jsonb)) e
  )
  select 'unit'::text, u.unit_id, 'Unit ' || (u.doc ->> 'unit_name'),
         private.snapshot_place(v_snap, u.isle_id, null, null),
         exists (select 1 from public.storage_isles i where i.isle_id = u.isle_id)
           or exists (select 1 from isles si join public.storage_rooms r on r.room_id = si.room_id
                       where si.isle_id = u.isle_id),
         (select count(*)::integer from items it where it.unit_id = u.unit_id)
    from units u
   where not exists (select 1 from public.storage_units x where x.unit_id = u.unit_id)
  union all
  select 'shelf', s.shelf_id, 'Shelf ' || (s.doc ->> 'shelf_index'),
         private.snapshot_place(v_snap, null, s.unit_id, null),
         true,
         (select count(*)::integer from items it where it.shelf_id = s.shelf_id)
    from shelves s
   where not exists (select 1 from public.storage_shelves x where x.shelf_id = s.shelf_id)
     and exists (select 1 from public.storage_units x where x.unit_id = s.unit_id)
  union all
  select 'item', it.item_id, it.doc ->> 'item_name',
         coalesce(private.snapshot_place(v_snap, null, it.unit_id, it.shelf_id), 'No place'),
         true,
         coalesce((it.doc ->> 'quantity')::integer, 1)
    from items it
   where not exists (select 1 from public.storage_items x where x.item_id = it.item_id)
     and (case when it.shelf_id is not null
               then exists (select 1 from public.storage_shelves x where x.shelf_id = it.shelf_id)
               when it.unit_id is not null
               then exists (select 1 from public.storage_units x where x.unit_id = it.unit_id)
               else true end)
  order by 1 desc, 3;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- restore_from_backup(p_backup_id, p_kind, p_id, p_shelf_id) -> {kind, name, place, items}
-- ---------------------------------------------------------------------------------------------
-- Boilerplate: it opens like restore_backup (the seller's lock, the backup's not-found and plan
-- checks); what it restores and how differ.
create or replace function public.restore_from_backup(
  p_backup_id uuid,
  p_kind text,
  p_id uuid,
  p_shelf_id uuid default null
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_backup public.backups;
  v_uid uuid;
  v_snap jsonb;
  v_row jsonb;
  v_target public.storage_shelves;
  v_target_isle uuid;
  v_isle jsonb;
  v_units jsonb := '[]'::jsonb;
  v_shelves jsonb := '[]'::jsonb;
  v_items jsonb := '[]'::jsonb;
  v_name text;
  v_place text;
  v_unit_id uuid;
  v_isle_id uuid;
  v_index integer;
  v_clash record;
  v_message text;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if p_kind is null or p_kind not in ('item', 'shelf', 'unit') then
    raise exception 'Only an item, a shelf or a unit can be restored on its own' using errcode = '22023';
  end if;
  select b.* into v_backup from public.backups b where b.backup_id = p_backup_id;
  if not found then
    raise exception 'Backup not found' using errcode = 'PT404';
  end if;
  v_uid := v_backup.user_id;
  if not private.plan_allows(v_uid, 'restore_backup') then
    raise exception using
      errcode = '42501',
      message = 'PLAN_FEATURE_UNAVAILABLE: Restoring a backup requires the Power Seller plan or higher',
      detail = json_build_object('feature', 'restore_backup')::text;
  end if;
  v_snap := v_backup.snapshot;
  if coalesce(v_snap ->> 'version', '') <> '1' then
    raise exception 'This backup is damaged and cannot be restored (unknown format)' using errcode = '22023';
  end if;

  -- the limit locks in the triggers' order (units, then items), so a concurrent add waits
  perform private.limit_lock('units', v_uid);
  perform private.limit_lock('items', v_uid);
  perform private.keep_stamps(); -- the restored rows keep their created_at (the items' order)

  v_row := private.snapshot_rows(v_snap, case p_kind when 'shelf' then 'shelves' else p_kind || 's' end,
                                 p_kind || '_id', p_id) -> 0;
  if v_row is null then
    raise exception 'That % is not in this backup', p_kind using errcode = '22023';
  end if;

  if p_shelf_id is not null then
    select s.* into v_target from public.storage_shelves s where s.shelf_id = p_shelf_id;
    if not found then
      raise exception 'Choose one of your shelves to put it on' using errcode = '22023';
    end if;
  end if;

  -- what comes back, and where; placing changes only the rows' jsonb
  if p_kind = 'item' then
    v_name := format('"%s"', v_row ->> 'item_name');
    if exists (select 1 from public.storage_items it where it.item_id = p_id) then
      raise exception '% is not deleted: it is on %', v_name,
        coalesce((select private.place_now(null, it.unit_id, it.shelf_id) from public.storage_items it
                   where it.item_id = p_id), 'no shelf')
        using errcode = '22023';
    end if;
    if v_target.shelf_id is not null then
      v_row := v_row || jsonb_build_object('shelf_id', v_target.shelf_id, 'unit_id', v_target.unit_id);
    elsif (v_row ->> 'shelf_id') is not null
          and not exists (select 1 from public.storage_shelves s where s.shelf_id = (v_row ->> 'shelf_id')::uuid) then
      raise exception '%''s shelf (%) is gone: choose a shelf to put it on', v_name,
        private.snapshot_place(v_snap, null, null, (v_row ->> 'shelf_id')::uuid) using errcode = '22023';
    elsif (v_row ->> 'shelf_id') is null and (v_row ->> 'unit_id') is not null
          and not exists (select 1 from public.storage_units u where u.unit_id = (v_row ->> 'unit_id')::uuid) then
      raise exception '%''s unit is gone: choose a shelf to put it on', v_name using errcode = '22023';
    end if;
    v_items := jsonb_build_array(v_row);

  elsif p_kind = 'shelf' then
    v_name := 'Shelf ' || (v_row ->> 'shelf_index');
    if exists (select 1 from public.storage_shelves s where s.shelf_id = p_id) then
      raise exception '% is not deleted: it is %', v_name, private.place_now(null, null, p_id)
        using errcode = '22023';
    end if;
    v_items := private.snapshot_rows(v_snap, 'items', 'shelf_id', p_id);
    if v_target.shelf_id is not null then
      v_unit_id := v_target.unit_id;
      v_row := (v_row - 'shelf_index') || jsonb_build_object('unit_id', v_unit_id);
    else
      v_unit_id := (v_row ->> 'unit_id')::uuid;
      if not exists (select 1 from public.storage_units u where u.unit_id = v_unit_id) then
        raise exception '%''s unit (%) is gone: choose a shelf; it goes into that shelf''s unit', v_name,
          private.snapshot_place(v_snap, null, v_unit_id, null) using errcode = '22023';
      end if;
      -- back at its number: the shelves from there on move up one (one statement, the
      -- deferrable unique constraint is checked at its end)
      v_index := (v_row ->> 'shelf_index')::integer;
      update public.storage_shelves s set shelf_index = s.shelf_index + 1
       where s.unit_id = v_unit_id and s.shelf_index >= v_index;
      -- never a gap: after the last shelf if fewer are left
      v_row := v_row || jsonb_build_object('shelf_index', least(v_index,
                 (select count(*)::integer + 1 from public.storage_shelves s where s.unit_id = v_unit_id)));
    end if;
    v_shelves := jsonb_build_array(v_row);
    v_items := (select coalesce(jsonb_agg(e || jsonb_build_object('unit_id', v_unit_id)), '[]'::jsonb)
                  from jsonb_array_elements(v_items) e);

  else -- unit
    v_name := 'Unit ' || (v_row ->> 'unit_name');
    if exists (select 1 from public.storage_units u where u.unit_id = p_id) then
      raise exception '% is not deleted: it is in %', v_name, private.place_now(null, p_id, null)
        using errcode = '22023';
    end if;
    v_shelves := private.snapshot_rows(v_snap, 'shelves', 'unit_id', p_id);
    v_items := private.snapshot_rows(v_snap, 'items', 'unit_id', p_id);
    v_isle_id := (v_row ->> 'isle_id')::uuid;
    if v_target.shelf_id is not null then
      select u.isle_id into v_target_isle from public.storage_units u where u.unit_id = v_target.unit_id;
      v_row := (v_row - 'unit_index') || jsonb_build_object('isle_id', v_target_isle);
      v_isle_id := v_target_isle;
    elsif exists (select 1 from public.storage_isles i where i.isle_id = v_isle_id) then
      v_index := (v_row ->> 'unit_index')::integer;
      update public.storage_units u set unit_index = u.unit_index + 1
       where u.isle_id = v_isle_id and u.unit_index >= v_index;
    else
      -- the isle went with its last unit; it comes back if its room is still there
      v_isle := private.snapshot_rows(v_snap, 'isles', 'isle_id', v_isle_id) -> 0;
      if v_isle is null or not exists (select 1 from public.storage_rooms r
                                        where r.room_id = (v_isle ->> 'room_id')::uuid) then
        raise exception '%''s room (%) is gone: choose a shelf; the unit goes into that shelf''s isle', v_name,
          coalesce(private.snapshot_place(v_snap, v_isle_id, null, null), 'its isle') using errcode = '22023';
      end if;
      if exists (select 1 from public.storage_isles i
                  where i.room_id = (v_isle ->> 'room_id')::uuid
                    and i.isle_index = (v_isle ->> 'isle_index')::integer) then
        v_isle := v_isle - 'isle_index'; -- its number is taken now: the next free one
      end if;
    end if;
    select u.unit_name, u.unit_id into v_clash from public.storage_units u
     where u.isle_id = v_isle_id and lower(u.unit_name) = lower(v_row ->> 'unit_name');
    if found then
      raise exception 'Its isle (%) now has another unit named %: rename that unit first, or choose a shelf in another isle',
        private.place_now(v_isle_id, null, null), v_clash.unit_name using errcode = '22023';
    end if;
    v_units := jsonb_build_array(v_row);
  end if;

  -- anything it would bring back that is in the stockroom now: the backup no longer matches
  select e ->> 'item_name' as item_name, it.unit_id, it.shelf_id into v_clash
    from jsonb_array_elements(v_items) e
    join public.storage_items it on it.item_id = (e ->> 'item_id')::uuid
   limit 1;
  if found then
    raise exception '% cannot come back as it was: "%" from it is now on %, moved since the backup',
      v_name, v_clash.item_name, coalesce(private.place_now(null, v_clash.unit_id, v_clash.shelf_id), 'no shelf')
      using errcode = '22023';
  end if;

  begin
    if v_isle is not null then
      perform private.restore_rows('storage_isles', jsonb_build_array(v_isle), v_uid);
    end if;
    perform private.restore_rows('storage_units', v_units, v_uid);
    perform private.restore_rows('storage_shelves', v_shelves, v_uid);
    perform private.restore_rows('storage_items', v_items, v_uid);
  exception
    -- a plan limit keeps its own message; anything else: the backup no longer fits
    when others then
      get stacked diagnostics v_message = message_text;
      if v_message like 'PLAN_LIMIT_REACHED%' or v_message like 'LIMIT_REACHED%' then
        raise;
      end if;
      raise exception using
        errcode = '22023',
        message = v_name || ' could not be restored, nothing was changed: ' || v_message;
  end;

  v_place := case p_kind
    when 'item' then coalesce(private.place_now(null, (v_row ->> 'unit_id')::uuid, (v_row ->> 'shelf_id')::uuid), 'no shelf')
    when 'shelf' then private.place_now(null, null, p_id)
    else private.place_now(null, p_id, null) end;

  perform private.log(v_uid, 'restore_one',
          format('Restored %s %s to %s from the backup of %s', p_kind, v_name, v_place,
                 to_char(v_backup.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'))
          || case when p_kind <> 'item' then format(' with %s item(s)', jsonb_array_length(v_items)) else '' end);

  return jsonb_build_object('kind', p_kind, 'name', v_name, 'place', v_place,
                            'items', jsonb_array_length(v_items));
end;
$$;

revoke all on function public.backup_deleted_things(uuid) from public, anon;
revoke all on function public.restore_from_backup(uuid, text, uuid, uuid) from public, anon;
grant execute on function public.backup_deleted_things(uuid), public.restore_from_backup(uuid, text, uuid, uuid)
  to authenticated, service_role;
comment on function public.backup_deleted_things(uuid) is
  'What a backup holds that is no longer in the stockroom (deleted units, shelves, items), for restoring one.';
comment on function public.restore_from_backup(uuid, text, uuid, uuid) is
  'Bring back one deleted item, shelf or unit (with its contents) from a backup, where it was or to a chosen shelf; logs restore_one.';
