-- A cap on how many backups a seller keeps (issue 10). Replaces public.create_backup of
-- 20261122000700_storage_functions.sql with `create or replace` (that file is not edited).
--
-- "Back up now" is a button; without a cap a seller (or a script with their token) could fill
-- the database with full snapshots for 3 days. A seller keeps at most 20 backups: taking one
-- more drops the oldest beyond 20. Daily backups plus a normal amount of manual ones never reach
-- it, so the 3-day promise holds for everyone who uses the button as meant.

create or replace function public.create_backup(p_user_id uuid default null)
returns public.backups
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := coalesce(p_user_id, auth.uid());
  v_backup public.backups;
begin
  if v_uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if current_user in ('anon', 'authenticated') and v_uid is distinct from auth.uid() then
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

revoke all on function public.create_backup(uuid) from public, anon;
grant execute on function public.create_backup(uuid) to authenticated, service_role;
comment on function public.create_backup(uuid) is
  'Snapshot the caller''s storage into backups; keeps 3 days and at most 20 per user.';
