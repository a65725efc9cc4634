-- Backups, second pass (issue 10). Replaces two functions of 20261122000700_storage_functions.sql
-- with `create or replace` (that file is not edited):
--
-- * restore_backup: now logged ('restore_backup' in storage_logs), checks the snapshot's shape
--   before touching anything, takes the room, unit and item limit locks up front, keeps the
--   seller's dismissed expiry notifications for items that come back, and reports a damaged
--   snapshot in words. Still one transaction: any failure undoes the whole restore.
-- * create_daily_backups: backs up every seller with any storage (rooms or items), one seller's
--   failure no longer stops the others, and it purges every backup older than 3 days, including
--   those of sellers who no longer have storage (create_backup only purges its own user's).

-- ---------------------------------------------------------------------------------------------
-- restore_backup(p_backup_id) -> {rooms, isles, units, shelves, items} counts restored
-- ---------------------------------------------------------------------------------------------
create or replace function public.restore_backup(p_backup_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_backup public.backups;
  v_uid uuid;
  v_snap jsonb;
  v_part text;
  v_counts jsonb;
  v_dismissed public.dismissed_notifications[];
  v_message text;
begin
  -- RLS (security invoker) hides other users' backups: theirs are simply "not found".
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
  if coalesce((v_snap ->> 'version')::text, '') <> '1' then
    raise exception 'This backup is damaged and cannot be restored (unknown format)' using errcode = '22023';
  end if;
  foreach v_part in array array['rooms', 'isles', 'units', 'shelves', 'items'] loop
    if jsonb_typeof(coalesce(v_snap -> v_part, '[]'::jsonb)) <> 'array' then
      raise exception 'This backup is damaged and cannot be restored (% is not a list)', v_part
        using errcode = '22023';
    end if;
  end loop;

  -- The same advisory locks the limit triggers take, in the order they take them (rooms, units,
  -- items), so a concurrent add or import waits for the restore instead of interleaving.
  perform private.limit_lock('rooms', v_uid);
  perform private.limit_lock('units', v_uid);
  perform private.limit_lock('items', v_uid);

  -- Dismissals cascade away with the items; keep them so a restore does not re-raise every
  -- expiry reminder the seller already dismissed.
  select array_agg(d) into v_dismissed from public.dismissed_notifications d
   where d.user_id = v_uid and d.item_id is not null;

  begin
    delete from public.storage_items it where it.user_id = v_uid;
    delete from public.storage_rooms r where r.user_id = v_uid; -- isles, units, shelves cascade

    insert into public.storage_rooms
    select (jsonb_populate_record(null::public.storage_rooms, e || jsonb_build_object('user_id', v_uid))).*
      from jsonb_array_elements(coalesce(v_snap -> 'rooms', '[]'::jsonb)) e;
    insert into public.storage_isles
    select (jsonb_populate_record(null::public.storage_isles, e || jsonb_build_object('user_id', v_uid))).*
      from jsonb_array_elements(coalesce(v_snap -> 'isles', '[]'::jsonb)) e;
    insert into public.storage_units
    select (jsonb_populate_record(null::public.storage_units, e || jsonb_build_object('user_id', v_uid))).*
      from jsonb_array_elements(coalesce(v_snap -> 'units', '[]'::jsonb)) e;
    insert into public.storage_shelves
    select (jsonb_populate_record(null::public.storage_shelves, e || jsonb_build_object('user_id', v_uid))).*
      from jsonb_array_elements(coalesce(v_snap -> 'shelves', '[]'::jsonb)) e;
    insert into public.storage_items
    select (jsonb_populate_record(null::public.storage_items, e || jsonb_build_object('user_id', v_uid))).*
      from jsonb_array_elements(coalesce(v_snap -> 'items', '[]'::jsonb)) e;
  exception
    -- A plan limit keeps its own message (the seller may have moved to a smaller plan); anything
    -- else means the snapshot no longer fits the schema or is damaged. Raising here rolls back
    -- the deletes above with everything else.
    when others then
      get stacked diagnostics v_message = message_text;
      if v_message like 'PLAN_LIMIT_REACHED%' then
        raise;
      end if;
      raise exception using
        errcode = '22023',
        message = 'This backup could not be restored, nothing was changed: ' || v_message;
  end;

  if v_dismissed is not null then
    insert into public.dismissed_notifications
    select d.* from unnest(v_dismissed) d
     where exists (select 1 from public.storage_items it where it.item_id = d.item_id and it.user_id = v_uid)
    on conflict do nothing;
  end if;

  v_counts := jsonb_build_object(
    'rooms', jsonb_array_length(coalesce(v_snap -> 'rooms', '[]'::jsonb)),
    'isles', jsonb_array_length(coalesce(v_snap -> 'isles', '[]'::jsonb)),
    'units', jsonb_array_length(coalesce(v_snap -> 'units', '[]'::jsonb)),
    'shelves', jsonb_array_length(coalesce(v_snap -> 'shelves', '[]'::jsonb)),
    'items', jsonb_array_length(coalesce(v_snap -> 'items', '[]'::jsonb)));

  insert into public.storage_logs (user_id, action, details)
  values (v_uid, 'restore_backup',
          format('Restored the backup of %s: %s room(s), %s unit(s), %s item(s)',
                 to_char(v_backup.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'),
                 v_counts ->> 'rooms', v_counts ->> 'units', v_counts ->> 'items'));

  return v_counts;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- create_daily_backups() -> number of sellers backed up (service role, scheduled function)
-- ---------------------------------------------------------------------------------------------
create or replace function public.create_daily_backups()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid;
  v_n integer := 0;
begin
  for v_uid in
    select r.user_id from public.storage_rooms r
    union
    select it.user_id from public.storage_items it
  loop
    -- One seller's failure (e.g. a row the snapshot cannot serialise) must not cost every
    -- other seller their backup; the block is its own subtransaction.
    begin
      perform public.create_backup(v_uid);
      v_n := v_n + 1;
    exception when others then
      raise warning 'daily backup failed for user %: %', v_uid, sqlerrm;
    end;
  end loop;

  -- Retention (Help Center: each backup is kept for 3 days) for everyone, also for sellers
  -- who emptied their storage and so got no new backup today.
  delete from public.backups b where b.created_at < now() - interval '3 days';
  return v_n;
end;
$$;

revoke all on function public.restore_backup(uuid) from public, anon;
revoke all on function public.create_daily_backups() from public, anon, authenticated;
grant execute on function public.restore_backup(uuid) to authenticated, service_role;
grant execute on function public.create_daily_backups() to service_role;

comment on function public.restore_backup(uuid) is
  'Replace the caller''s storage with a backup, all or nothing (Power Seller and up); logs restore_backup.';
comment on function public.create_daily_backups() is
  'Service role: back up every user with storage and drop backups older than 3 days.';
