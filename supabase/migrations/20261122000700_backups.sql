-- ---------------------------------------------------------------------------------------------
-- backups: snapshots of a user's whole storage tree (rooms, isles, units, shelves, items) as
-- jsonb, made daily and kept 3 days (Help Center). Restoring is Power Seller and up.
-- Only public.create_backup makes them (a seller has no INSERT), so the snapshot is always the
-- seller's real storage, created_at is the real time and the cap of 20 holds.
-- ---------------------------------------------------------------------------------------------
create table public.backups (
  backup_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- {version, rooms[], isles[], units[], shelves[], items[]} rows as to_jsonb() gives them
  snapshot jsonb not null check (jsonb_typeof(snapshot) = 'object'),
  item_count integer not null default 0,
  created_at timestamptz not null default now()
);
comment on table public.backups is
  'Snapshots of a user''s storage (jsonb), daily with 3-day retention; restore needs Power Seller or higher.';

create index backups_user_created_idx on public.backups (user_id, created_at desc);

select private.own_rows('public.backups', array['select', 'delete']);
-- no insert or update policy: backups are made by public.create_backup and never edited

-- create_backup(p_user_id default caller) -> the new backup row. Snapshots the whole storage
-- tree and drops backups older than 3 days (Help Center: daily backups, 3-day retention) and
-- beyond 20 per seller: "Back up now" is a button, and without a cap a seller (or a script with
-- their token) could fill the database with full snapshots for 3 days. Daily backups plus a
-- normal amount of manual ones never reach it.
-- A signed-in user may only back up themselves; the service role (scheduled function) any user.
-- security definer: the API roles have no INSERT on backups, so this is the only way one is
-- made; it checks the caller itself and reads only v_uid's rows. (Supabase's linter lists it as
-- a security definer function signed-in users may execute: that is the point of it.)
create or replace function public.create_backup(p_user_id uuid default null)
returns public.backups
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := coalesce(p_user_id, auth.uid());
  v_backup public.backups;
begin
  if v_uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  -- auth.role(), not current_user: as security definer current_user is the owner
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and v_uid is distinct from auth.uid() then
    raise exception 'Not allowed to back up another user' using errcode = '42501';
  end if;

  insert into public.backups (user_id, snapshot, item_count)
  select v_uid,
         jsonb_build_object(
           'version', 1,
           'rooms', coalesce((select jsonb_agg(to_jsonb(r) order by r.room_index)
                                from public.storage_rooms r where r.user_id = v_uid), '[]'::jsonb),
           'isles', coalesce((select jsonb_agg(to_jsonb(i) order by i.room_id, i.isle_index)
                                from public.storage_isles i where i.user_id = v_uid), '[]'::jsonb),
           'units', coalesce((select jsonb_agg(to_jsonb(u) order by u.isle_id, u.unit_index)
                                from public.storage_units u where u.user_id = v_uid), '[]'::jsonb),
           'shelves', coalesce((select jsonb_agg(to_jsonb(s) order by s.unit_id, s.shelf_index)
                                  from public.storage_shelves s where s.user_id = v_uid), '[]'::jsonb),
           'items', coalesce((select jsonb_agg(to_jsonb(it) order by it.created_at)
                                from public.storage_items it where it.user_id = v_uid), '[]'::jsonb)),
         (select count(*) from public.storage_items it where it.user_id = v_uid)
  returning * into v_backup;

  -- retention: 3 days (Help Center), and at most 20 per seller
  delete from public.backups b where b.user_id = v_uid and b.created_at < now() - interval '3 days';
  delete from public.backups b
   where b.user_id = v_uid
     and b.backup_id not in (select k.backup_id from public.backups k where k.user_id = v_uid
                              order by k.created_at desc, k.backup_id limit 20);
  return v_backup;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- restore_backup(p_backup_id) -> {rooms, isles, units, shelves, items} counts restored
-- Replaces the seller's storage with the snapshot, atomically. Power Seller and up (SPEC 6): the
-- plan is read from the server-side profile. Plan limits still apply to the restored rows. It is
-- logged ('restore_backup'), checks the snapshot's shape before touching anything, takes the
-- room, unit and item limit locks up front, keeps the seller's dismissed expiry notifications for
-- items that come back, and reports a damaged snapshot in words.
-- ---------------------------------------------------------------------------------------------

-- Restore keeps working across schema changes.
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

-- Boilerplate: like the storage calls it opens with the seller's lock and a not-found check on
-- its own row; the restore itself is unlike them.
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
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
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
  -- the restored rows keep the created_at of the snapshot (the items' order)
  perform private.keep_stamps();

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

  perform private.log(v_uid, 'restore_backup',
          format('Restored the backup of %s: %s room(s), %s unit(s), %s item(s)',
                 to_char(v_backup.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'),
                 v_counts ->> 'rooms', v_counts ->> 'units', v_counts ->> 'items'));

  return v_counts;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- create_daily_backups() -> number of sellers backed up (service role, scheduled function)
-- Backs up every seller with any storage (rooms or items); one seller's failure does not stop the
-- others; purges every backup older than 3 days, also those of sellers who no longer have
-- storage (create_backup only purges its own seller's).
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
  -- and imports staged but never committed
  delete from public.import_batches b where b.created_at < now() - interval '1 day';
  return v_n;
end;
$$;

revoke all on function public.create_backup(uuid) from public, anon;
revoke all on function public.restore_backup(uuid) from public, anon;
revoke all on function public.create_daily_backups() from public, anon, authenticated;
grant execute on function public.create_backup(uuid), public.restore_backup(uuid) to authenticated, service_role;
grant execute on function public.create_daily_backups() to service_role;
comment on function public.create_backup(uuid) is
  'Snapshot the caller''s storage into backups; keeps 3 days and at most 20 per user.';
comment on function public.restore_backup(uuid) is
  'Replace the caller''s storage with a backup, all or nothing (Power Seller and up); logs restore_backup.';
comment on function public.create_daily_backups() is
  'Service role: back up every user with storage and drop backups older than 3 days.';
