-- Backups: snapshots of an account's whole storage tree, restored whole (restore_backup) or one
-- deleted thing at a time (restore_from_backup).

-- ---------------------------------------------------------------------------------------------
-- backups: snapshots of an account's whole storage tree (rooms, isles, units, shelves, items, and
-- the items' photos' rows: the files are Storage's) as jsonb, made daily and kept 3 days (Help Center). Restoring is Power Seller and up.
-- Only public.create_backup makes them (a seller has no INSERT), so the snapshot is always the
-- seller's real storage, created_at is the real time and the cap of 20 holds.
-- ---------------------------------------------------------------------------------------------
create table public.backups (
  backup_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  -- {version, rooms[], isles[], units[], shelves[], items[], photos[]} rows as to_jsonb() gives
  -- them (photos: the item_photos columns a restore lists again; older backups have none)
  snapshot jsonb not null check (jsonb_typeof(snapshot) = 'object'),
  item_count integer not null default 0,
  created_at timestamptz not null default now(),
  -- what a restore would bring against the plan's room and unit limits, said before it starts
  -- (issue #39 point 9); a damaged part counts 0 and restore refuses it anyway
  room_count integer generated always as (
    case when jsonb_typeof(snapshot -> 'rooms') = 'array' then jsonb_array_length(snapshot -> 'rooms') else 0 end
  ) stored,
  unit_count integer generated always as (
    case when jsonb_typeof(snapshot -> 'units') = 'array' then jsonb_array_length(snapshot -> 'units') else 0 end
  ) stored
);
comment on table public.backups is
  'Snapshots of an account''s storage (jsonb), daily with 3-day retention; restore needs Power Seller or higher.';

create index backups_account_created_idx on public.backups (account_id, created_at desc);

alter table public.backups enable row level security;
revoke all on table public.backups from anon, authenticated;
grant select, delete on table public.backups to authenticated;

create policy backups_select on public.backups
  for select to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy backups_delete on public.backups
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.backups as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.backups as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.backups as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.backups as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.backups
  for each statement execute function private.refuse_writes_without_mfa();

-- create_backup(p_account_id default caller) -> the new backup row. Snapshots the whole storage
-- tree and drops backups older than 3 days (Help Center: daily backups, 3-day retention) and
-- beyond 20 per seller: "Back up now" is a button, and without a cap a seller (or a script with
-- their token) could fill the database with full snapshots for 3 days. Daily backups plus a
-- normal amount of manual ones never reach it.
-- A signed-in member may only back up the account they act on; the service role (scheduled
-- function) any account.
-- security definer: the API roles have no INSERT on backups, so this is the only way one is
-- made; it checks the caller itself and reads only v_account's rows.
-- Linter: authenticated_security_definer_function_executable public.create_backup: that is the
-- point of it: signed-in owners and managers back up through it, and through nothing else.
create or replace function public.create_backup(p_account_id uuid default NULL::uuid)
returns public.backups
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_backup public.backups;
begin
  -- auth.role(), not current_user: as security definer current_user is the owner
  if p_account_id is not null and p_account_id is distinct from v_account
     and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    raise exception 'Not allowed to back up another account' using errcode = '42501';
  end if;
  v_account := coalesce(v_account, p_account_id); -- the service role names the account
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;

  insert into public.backups (account_id, snapshot, item_count)
  select v_account,
         jsonb_build_object(
           'version', 1,
           'rooms', coalesce((select jsonb_agg(to_jsonb(r) order by r.room_index)
                                from public.storage_rooms r where r.account_id = v_account), '[]'::jsonb),
           'isles', coalesce((select jsonb_agg(to_jsonb(i) order by i.room_id, i.isle_index)
                                from public.storage_isles i where i.account_id = v_account), '[]'::jsonb),
           'units', coalesce((select jsonb_agg(to_jsonb(u) order by u.isle_id, u.unit_index)
                                from public.storage_units u where u.account_id = v_account), '[]'::jsonb),
           'shelves', coalesce((select jsonb_agg(to_jsonb(s) order by s.unit_id, s.shelf_index)
                                  from public.storage_shelves s where s.account_id = v_account), '[]'::jsonb),
           'items', coalesce((select jsonb_agg(to_jsonb(it) order by it.created_at)
                                from public.storage_items it where it.account_id = v_account), '[]'::jsonb),
           -- the references to the items' photos (the files stay in Storage while a kept backup
           -- names them, 42_item_photos.sql)
           'photos', coalesce((select jsonb_agg(jsonb_build_object(
                                        'photo_id', p.photo_id, 'item_id', p.item_id, 'position', p.position,
                                        'object_name', p.object_name, 'thumb_name', p.thumb_name,
                                        'bytes', p.bytes, 'width', p.width, 'height', p.height,
                                        'created_by', p.created_by, 'created_at', p.created_at)
                                      order by p.item_id, p.position)
                                 from public.item_photos p
                                where p.account_id = v_account
                                  and exists (select 1 from public.storage_items it where it.item_id = p.item_id)),
                              '[]'::jsonb)),
         (select count(*) from public.storage_items it where it.account_id = v_account)
  returning * into v_backup;

  -- retention: 3 days (Help Center), and at most 20 per seller
  delete from public.backups b where b.account_id = v_account and b.created_at < now() - interval '3 days';
  delete from public.backups b
   where b.account_id = v_account
     and b.backup_id not in (select k.backup_id from public.backups k where k.account_id = v_account
                              order by k.created_at desc, k.backup_id limit 20);
  return v_backup;
end;
$$;
comment on function public.create_backup(uuid) is
  'Snapshot the storage of the caller''s account into backups; keeps 3 days and at most 20 per account.';
revoke all on function public.create_backup(uuid) from public, anon;

-- Restore keeps working across schema changes.
-- Backups live for 3 days while the schema keeps moving. Filling whole rows with
-- jsonb_populate_record turned a column added since the snapshot into NULL, so one new NOT NULL
-- column with a default would have made every older backup unrestorable. Rows are now inserted
-- with only the columns the snapshot has: a newer column takes its default, a column dropped
-- since is ignored.
create or replace function private.restore_rows(p_table text, p_rows jsonb, p_account_id uuid)
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
     and (a.attname = 'account_id'
          or exists (select 1 from jsonb_array_elements(p_rows) e where e ? a.attname::text));
  -- the rows are always the restoring account's, whatever the snapshot says
  execute format('insert into public.%I (%s) select %s from jsonb_populate_recordset(null::public.%I, $1)',
                 p_table, v_columns, v_columns, p_table)
    using (select jsonb_agg(e || jsonb_build_object('account_id', p_account_id)) from jsonb_array_elements(p_rows) e);
end;
$$;
revoke all on function private.restore_rows(text, jsonb, uuid) from public;
grant execute on function private.restore_rows(text, jsonb, uuid) to authenticated, service_role;

-- The photo files the kept backups of these accounts name: the photo cleanup leaves them in
-- Storage (42_item_photos.sql).
create or replace function private.photo_files_in_backups(p_account_ids uuid[])
returns table (name text)
language sql
stable
set search_path = ''
as $$
  select distinct f.name
    from public.backups b
   cross join lateral jsonb_array_elements(coalesce(b.snapshot -> 'photos', '[]'::jsonb)) e
   cross join lateral (values (e ->> 'object_name'), (e ->> 'thumb_name')) f (name)
   where b.account_id = any (p_account_ids) and f.name is not null
$$;
revoke all on function private.photo_files_in_backups(uuid[]) from public;
grant execute on function private.photo_files_in_backups(uuid[]) to service_role;

-- A snapshot's photo references: [] for a backup made before backups held them, or damaged.
create or replace function private.snapshot_photos(p_snap jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(p_snap -> 'photos') = 'array' then p_snap -> 'photos' else '[]'::jsonb end
$$;
revoke all on function private.snapshot_photos(jsonb) from public;
grant execute on function private.snapshot_photos(jsonb) to authenticated, service_role;

-- Boilerplate: like the storage calls it opens with the seller's lock and a not-found check on
-- its own row; the restore itself is unlike them.
create or replace function public.restore_backup(p_backup_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_backup public.backups;
  v_snap jsonb;
  v_part text;
  v_counts jsonb;
  v_dismissed public.dismissed_notifications[];
  v_message text;
  v_photos jsonb;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  -- RLS (security invoker) hides other accounts' backups: theirs are simply "not found".
  select b.* into v_backup from public.backups b where b.backup_id = p_backup_id;
  if not found then
    raise exception 'Backup not found' using errcode = 'PT404';
  end if;
  v_account := v_backup.account_id; -- the caller's (RLS), or the one the service role names
  if not private.plan_allows(v_account, 'restore_backup') then
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
  perform private.limit_lock('rooms', v_account);
  perform private.limit_lock('units', v_account);
  perform private.limit_lock('items', v_account);
  -- the restored rows keep the created_at of the snapshot (the items' order)
  perform private.keep_stamps();

  -- Dismissals cascade away with the items; keep them so a restore does not re-raise every
  -- expiry reminder the seller already dismissed.
  select array_agg(d) into v_dismissed from public.dismissed_notifications d
   where d.account_id = v_account and d.item_id is not null;

  begin
    delete from public.storage_items it where it.account_id = v_account;
    delete from public.storage_rooms r where r.account_id = v_account; -- isles, units, shelves cascade

    perform private.restore_rows('storage_rooms', coalesce(v_snap -> 'rooms', '[]'::jsonb), v_account);
    perform private.restore_rows('storage_isles', coalesce(v_snap -> 'isles', '[]'::jsonb), v_account);
    perform private.restore_rows('storage_units', coalesce(v_snap -> 'units', '[]'::jsonb), v_account);
    perform private.restore_rows('storage_shelves', coalesce(v_snap -> 'shelves', '[]'::jsonb), v_account);
    perform private.restore_rows('storage_items', coalesce(v_snap -> 'items', '[]'::jsonb), v_account);
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
     where exists (select 1 from public.storage_items it where it.item_id = d.item_id and it.account_id = v_account)
    on conflict do nothing;
  end if;

  -- the photos the backup names and the stockroom no longer lists come back where their files
  -- still are; the others are counted, not refused (42_item_photos.sql)
  v_photos := private.restore_photos(v_account, private.snapshot_photos(v_snap));

  v_counts := jsonb_build_object(
    'rooms', jsonb_array_length(coalesce(v_snap -> 'rooms', '[]'::jsonb)),
    'isles', jsonb_array_length(coalesce(v_snap -> 'isles', '[]'::jsonb)),
    'units', jsonb_array_length(coalesce(v_snap -> 'units', '[]'::jsonb)),
    'shelves', jsonb_array_length(coalesce(v_snap -> 'shelves', '[]'::jsonb)),
    'items', jsonb_array_length(coalesce(v_snap -> 'items', '[]'::jsonb)),
    'photos', (v_photos ->> 'restored')::integer,
    'photos_skipped', (v_photos ->> 'skipped')::integer);

  perform private.log(v_account, 'restore_backup',
          format('Restored the backup of %s: %s room(s), %s unit(s), %s item(s)',
                 to_char(v_backup.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'),
                 v_counts ->> 'rooms', v_counts ->> 'units', v_counts ->> 'items'));

  return v_counts;
end;
$$;
comment on function public.restore_backup(uuid) is
  'Replace the caller''s storage with a backup, all or nothing (Power Seller and up); logs restore_backup.';
revoke all on function public.restore_backup(uuid) from public, anon;

-- create_daily_backups() -> number of sellers backed up (service role, scheduled function)
-- Backs up every seller with any storage (rooms or items); one seller's failure does not stop the
-- others; purges every backup older than 3 days, also those of sellers who no longer have
-- storage (create_backup only purges its own seller's).
create or replace function public.create_daily_backups()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid;
  v_n integer := 0;
begin
  for v_account in
    select r.account_id from public.storage_rooms r
    union
    select it.account_id from public.storage_items it
  loop
    -- One seller's failure (e.g. a row the snapshot cannot serialise) must not cost every
    -- other seller their backup; the block is its own subtransaction.
    begin
      perform public.create_backup(v_account);
      v_n := v_n + 1;
    exception when others then
      raise warning 'daily backup failed for account %: %', v_account, sqlerrm;
    end;
  end loop;

  -- Retention (Help Center: each backup is kept for 3 days) for everyone, also for sellers
  -- who emptied their storage and so got no new backup today.
  delete from public.backups b where b.created_at < now() - interval '3 days';
  -- and imports staged but never committed, and the record of those committed
  delete from public.import_batches b where b.created_at < now() - interval '1 day';
  delete from private.import_commits c where c.committed_at < now() - interval '1 day';
  return v_n;
end;
$$;
comment on function public.create_daily_backups() is
  'Service role: back up every account with storage and drop backups older than 3 days.';
revoke all on function public.create_daily_backups() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Restore one thing from a backup (issue #25): a single deleted item, shelf or unit (with what
-- it held) comes back with its own ids, where it was, or to a shelf the seller chooses when that
-- place is gone. Same rules as restore_backup: Power Seller and up, plan limits by the existing
-- triggers, all or nothing, logged.
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
revoke all on function private.snapshot_rows(jsonb, text, text, uuid) from public;
grant execute on function private.snapshot_rows(jsonb, text, text, uuid) to authenticated, service_role;

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
revoke all on function private.snapshot_place(jsonb, uuid, uuid, uuid) from public;
grant execute on function private.snapshot_place(jsonb, uuid, uuid, uuid) to authenticated, service_role;

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
revoke all on function private.place_now(uuid, uuid, uuid) from public;
grant execute on function private.place_now(uuid, uuid, uuid) to authenticated, service_role;

-- backup_deleted_things(p_backup_id) -> what that backup holds that is no longer in the
-- stockroom: deleted units, deleted shelves of units that still exist, deleted items whose
-- shelf (or unit) still exists. Things inside a deleted unit or shelf come back with it, so
-- they are not listed on their own. place is where it was (from the backup); place_exists
-- says whether restore_from_backup can put it there or needs a shelf to be chosen.
create or replace function public.backup_deleted_things(p_backup_id uuid)
returns table (kind text, id uuid, name text, place text, place_exists boolean, item_count integer)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
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
comment on function public.backup_deleted_things(uuid) is
  'What a backup holds that is no longer in the stockroom (deleted units, shelves, items), for restoring one.';
revoke all on function public.backup_deleted_things(uuid) from public, anon;

-- restore_from_backup(p_backup_id, p_kind, p_id, p_shelf_id) -> {kind, name, place, items, photos,
-- photos_skipped}
-- Boilerplate: it opens like restore_backup (the seller's lock, the backup's not-found and plan
-- checks); what it restores and how differ.
create or replace function public.restore_from_backup(p_backup_id uuid, p_kind text, p_id uuid, p_shelf_id uuid default NULL::uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_backup public.backups;
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
  v_photos jsonb;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if p_kind is null or p_kind not in ('item', 'shelf', 'unit') then
    raise exception 'Only an item, a shelf or a unit can be restored on its own' using errcode = '22023';
  end if;
  select b.* into v_backup from public.backups b where b.backup_id = p_backup_id;
  if not found then
    raise exception 'Backup not found' using errcode = 'PT404';
  end if;
  v_account := v_backup.account_id; -- the caller's (RLS), or the one the service role names
  if not private.plan_allows(v_account, 'restore_backup') then
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
  perform private.limit_lock('units', v_account);
  perform private.limit_lock('items', v_account);
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
      perform private.restore_rows('storage_isles', jsonb_build_array(v_isle), v_account);
    end if;
    perform private.restore_rows('storage_units', v_units, v_account);
    perform private.restore_rows('storage_shelves', v_shelves, v_account);
    perform private.restore_rows('storage_items', v_items, v_account);
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

  -- its items' photos the stockroom no longer lists, where their files still are
  v_photos := private.restore_photos(v_account, private.snapshot_photos(v_snap),
                                     array(select (e ->> 'item_id')::uuid from jsonb_array_elements(v_items) e));

  v_place := case p_kind
    when 'item' then coalesce(private.place_now(null, (v_row ->> 'unit_id')::uuid, (v_row ->> 'shelf_id')::uuid), 'no shelf')
    when 'shelf' then private.place_now(null, null, p_id)
    else private.place_now(null, p_id, null) end;

  perform private.log(v_account, 'restore_one',
          format('Restored %s %s to %s from the backup of %s', p_kind, v_name, v_place,
                 to_char(v_backup.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'))
          || case when p_kind <> 'item' then format(' with %s item(s)', jsonb_array_length(v_items)) else '' end);

  return jsonb_build_object('kind', p_kind, 'name', v_name, 'place', v_place,
                            'items', jsonb_array_length(v_items),
                            'photos', (v_photos ->> 'restored')::integer,
                            'photos_skipped', (v_photos ->> 'skipped')::integer);
end;
$$;
comment on function public.restore_from_backup(uuid, text, uuid, uuid) is
  'Bring back one deleted item, shelf or unit (with its contents) from a backup, where it was or to a chosen shelf; logs restore_one.';
revoke all on function public.restore_from_backup(uuid, text, uuid, uuid) from public, anon;
