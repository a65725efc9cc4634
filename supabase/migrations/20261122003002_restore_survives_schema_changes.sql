-- Restore keeps working across schema changes (issue 10). Replaces public.restore_backup of
-- 20261122003001_backup_restore_and_retention.sql with `create or replace` (that file is not
-- edited).
--
-- Backups live for 3 days while the schema keeps moving. Filling whole rows with
-- jsonb_populate_record turned a column added since the snapshot into NULL, so one new NOT NULL
-- column with a default would have made every older backup unrestorable. Rows are now inserted
-- with only the columns the snapshot has: a newer column takes its default, a column dropped
-- since is ignored.

create or replace function private.restore_rows(p_table text, p_rows jsonb, p_user_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_columns text;
begin
  if p_table not in ('storage_rooms', 'storage_isles', 'storage_units', 'storage_shelves', 'storage_items') then
    raise exception 'Not a storage table: %', p_table using errcode = '22023';
  end if;
  if coalesce(jsonb_array_length(p_rows), 0) = 0 then
    return;
  end if;
  select string_agg(format('%I', a.attname), ', ' order by a.attnum) into v_columns
    from pg_catalog.pg_attribute a
   where a.attrelid = format('public.%I', p_table)::regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and (a.attname = 'user_id'
          or exists (select 1 from jsonb_array_elements(p_rows) e where e ? a.attname::text));
  -- the owner is always the restoring user, whatever the snapshot says
  execute format('insert into public.%I (%s) select %s from jsonb_populate_recordset(null::public.%I, $1)',
                 p_table, v_columns, v_columns, p_table)
    using (select jsonb_agg(e || jsonb_build_object('user_id', p_user_id)) from jsonb_array_elements(p_rows) e);
end;
$$;
revoke all on function private.restore_rows(text, jsonb, uuid) from public;
grant execute on function private.restore_rows(text, jsonb, uuid) to authenticated, service_role;

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

    perform private.restore_rows('storage_rooms', coalesce(v_snap -> 'rooms', '[]'::jsonb), v_uid);
    perform private.restore_rows('storage_isles', coalesce(v_snap -> 'isles', '[]'::jsonb), v_uid);
    perform private.restore_rows('storage_units', coalesce(v_snap -> 'units', '[]'::jsonb), v_uid);
    perform private.restore_rows('storage_shelves', coalesce(v_snap -> 'shelves', '[]'::jsonb), v_uid);
    perform private.restore_rows('storage_items', coalesce(v_snap -> 'items', '[]'::jsonb), v_uid);
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

revoke all on function public.restore_backup(uuid) from public, anon;
grant execute on function public.restore_backup(uuid) to authenticated, service_role;
comment on function public.restore_backup(uuid) is
  'Replace the caller''s storage with a backup, all or nothing (Power Seller and up); logs restore_backup.';
