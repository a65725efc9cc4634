-- Photos of items (issue 40, docs/product.md#photos): up to 6 per item, resized in the browser
-- and stored in the private Storage bucket item-photos as <account_id>/<item_id>/<photo_id>.<ext>
-- with a thumbnail <account_id>/<item_id>/<photo_id>-thumb.webp. public.item_photos is the
-- list the app reads (and live sync sends); a row is added only after both files are uploaded,
-- and its size is read from what Storage holds, not from what the browser says.
--
-- Rules: the account's members see and add photos (pickers too), owners and managers remove
-- them; 6 per item ('LIMIT_REACHED: ...'); the plan's photo storage (plans.max_photo_bytes)
-- counted under the account's storage lock ('PLAN_LIMIT_REACHED: ...'). The item_id has no
-- foreign key on purpose: a removed item's photos stay while its removal can be undone, and come
-- back with it.

create table public.item_photos (
  photo_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  item_id uuid not null,
  -- 0 is the item's picture; filled by the insert trigger with the first free place
  position smallint not null default 0
    constraint "Photo position: 0 to 5" check (position between 0 and 5),
  object_name text not null,
  thumb_name text not null,
  -- both files together, read from storage.objects by the insert trigger
  bytes bigint not null default 0 check (bytes between 0 and 20971520),
  width integer not null constraint "Photo width: 1 to 10000 pixels" check (width between 1 and 10000),
  height integer not null constraint "Photo height: 1 to 10000 pixels" check (height between 1 and 10000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint "Photo file: <account>/<item>/<photo>.jpg, .png or .webp" check (
    object_name ~ ('^' || account_id || '/' || item_id || '/' || photo_id || '\.(jpg|png|webp)$')),
  constraint "Photo thumbnail: <account>/<item>/<photo>-thumb.webp" check (
    thumb_name = account_id || '/' || item_id || '/' || photo_id || '-thumb.webp'),
  constraint item_photos_item_position_key unique (item_id, position)
);
comment on table public.item_photos is
  'Photos of items (max 6 each, position 0 is the picture); the files are in the item-photos bucket.';

create index item_photos_account_item_idx on public.item_photos (account_id, item_id);
create index item_photos_created_by_idx on public.item_photos (created_by);

alter table public.item_photos enable row level security;
revoke all on table public.item_photos from anon, authenticated;
grant select, insert, delete on table public.item_photos to authenticated;

create policy item_photos_select on public.item_photos
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy item_photos_insert on public.item_photos
  for insert to authenticated
  with check (account_id = (select private.current_account()));
create policy item_photos_delete on public.item_photos
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.item_photos as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.item_photos as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.item_photos as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.item_photos as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

-- The quota refusal; src/domain/photos.ts photoQuotaMessage() builds the same text.
create or replace function private.raise_photo_quota(p_plan public.plans)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'P0001',
    message = format('PLAN_LIMIT_REACHED: Your %s plan holds %s of photos. Remove some photos or upgrade to add more',
                     p_plan.plan_id,
                     case when p_plan.max_photo_bytes >= 1073741824
                          then (p_plan.max_photo_bytes / 1073741824) || ' GB'
                          else (p_plan.max_photo_bytes / 1048576) || ' MB' end),
    detail = json_build_object('kind', 'photo_bytes', 'plan', p_plan.plan_id,
                               'limit', p_plan.max_photo_bytes)::text,
    hint = 'Visit the pricing page to upgrade your plan';
end;
$$;
revoke all on function private.raise_photo_quota(public.plans) from public;

-- Before each new photo row, under the account's storage lock (so two uploads at once cannot
-- both take the last bytes or the last place): the item is the account's, it has a free place,
-- both files are in the bucket (their sizes become bytes) and the plan's photo storage holds
-- them. security definer: it must count every photo of the account and read the files' sizes
-- whatever the caller may see.
create or replace function private.check_item_photo()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_plan public.plans;
  v_files integer;
  v_used bigint;
begin
  -- BEFORE triggers run ahead of the insert policy: refuse another account's rows first, so
  -- nothing below tells a stranger whether an item or a file exists
  if auth.role() = 'authenticated' and new.account_id is distinct from private.current_account() then
    raise exception 'new row violates row-level security policy for table "item_photos"'
      using errcode = '42501';
  end if;
  perform private.lock_storage(new.account_id);
  if not exists (select 1 from public.storage_items i
                  where i.item_id = new.item_id and i.account_id = new.account_id) then
    raise exception 'The item is no longer there' using errcode = '23503';
  end if;
  select min(s.place) into new.position
    from generate_series(0, 5) as s (place)
   where not exists (select 1 from public.item_photos p
                      where p.item_id = new.item_id and p.position = s.place);
  if new.position is null then
    raise exception 'LIMIT_REACHED: An item can have at most 6 photos' using errcode = 'P0001',
      detail = json_build_object('kind', 'item_photos', 'limit', 6)::text;
  end if;
  select count(*), coalesce(sum((o.metadata ->> 'size')::bigint), 0)
    into v_files, new.bytes
    from storage.objects o
   where o.bucket_id = 'item-photos' and o.name in (new.object_name, new.thumb_name);
  if v_files < 2 then
    raise exception 'Upload the photo and its thumbnail before adding it' using errcode = '22023';
  end if;
  v_plan := private.account_plan(new.account_id);
  select coalesce(sum(p.bytes), 0) into v_used from public.item_photos p where p.account_id = new.account_id;
  if v_used + new.bytes > v_plan.max_photo_bytes then
    perform private.raise_photo_quota(v_plan);
  end if;
  return new;
end;
$$;
revoke all on function private.check_item_photo() from public;

create trigger require_mfa_for_writes
  before insert or update or delete on public.item_photos
  for each statement execute function private.refuse_writes_without_mfa();
create trigger item_photos_lock_storage
  before insert or update or delete on public.item_photos
  for each statement execute function private.lock_storage_for_statement();
create trigger item_photos_check
  before insert on public.item_photos
  for each row execute function private.check_item_photo();
create trigger item_photos_server_stamps
  before insert on public.item_photos
  for each row execute function private.stamp_server_columns();

-- ---------------------------------------------------------------------------------------------
-- The bucket and its policies. Hosted projects have the storage schema already (the local stack
-- creates it the same way, local/sql/40-storage-schema.sql), so deploying is this bucket row and
-- these policies, carried by a migration like the rest (db:diff writes the bucket row as it writes
-- the plans, naming only these columns). Private: files are read through signed URLs.
-- ---------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('item-photos', 'item-photos', false, 5242880, '{image/jpeg,image/png,image/webp}')
on conflict (id) do update set
  name = excluded.name,
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- The item a photo file belongs to, from its name <account_id>/<item_id>/<photo_id>.<ext> or
-- <photo_id>-thumb.webp; null for any other name, so a policy naming it matches nothing.
create or replace function private.photo_file_item(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case when p_name ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}(\.(jpg|png|webp)|-thumb\.webp)$'
              then split_part(p_name, '/', 2)::uuid end
$$;
revoke all on function private.photo_file_item(text) from public;
grant execute on function private.photo_file_item(text) to authenticated, service_role;

-- Whether the file's folder is the caller's current account and its item is there (the account
-- taken once per statement by the policies, passed in).
create or replace function private.photo_file_in_account(p_name text, p_account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_account_id is not null
     and split_part(p_name, '/', 1) = p_account_id::text
     and exists (select 1 from public.storage_items i
                  where i.item_id = private.photo_file_item(p_name) and i.account_id = p_account_id)
$$;
revoke all on function private.photo_file_in_account(text, uuid) from public;
grant execute on function private.photo_file_in_account(text, uuid) to authenticated, service_role;

-- Whether a photo row names the file: the uploader may remove a file no photo lists yet (what a
-- refused add leaves), and nothing else of the account's.
create or replace function private.photo_file_listed(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.item_photos p where p.object_name = p_name or p.thumb_name = p_name)
$$;
revoke all on function private.photo_file_listed(text) from public;
grant execute on function private.photo_file_listed(text) to authenticated, service_role;

create policy item_photos_files_select on storage.objects
  for select to authenticated
  using (bucket_id = 'item-photos'
         and private.photo_file_in_account(name, (select private.current_account())));
create policy item_photos_files_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'item-photos'
              and private.photo_file_in_account(name, (select private.current_account())));
create policy item_photos_files_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'item-photos'
         and (private.photo_file_in_account(name, (select private.current_account_for('{owner,manager}')))
              or (owner_id = (select auth.uid())::text
                  and private.photo_file_in_account(name, (select private.current_account()))
                  and not private.photo_file_listed(name))));

-- ---------------------------------------------------------------------------------------------
-- Where a removed item's photos go (docs/product.md#photos). A photo row stays while its item's
-- removal can be undone: while a kept, not undone change of the account (50_undo.sql: the newest
-- private.undo_keeps()) holds the item. After that the scheduled photo-cleanup function
-- (netlify/functions/photo-cleanup.ts) forgets the row and removes its files through the Storage
-- API, except files a kept backup names (65_backups.sql: 3 days, 20 at most), which a restore
-- lists again; those, and files no row ever listed (an upload whose add never came), go once no
-- row and no kept backup names them and they are a day old.
-- ---------------------------------------------------------------------------------------------

-- The photo a file belongs to, from its name <account_id>/<item_id>/<photo_id>.<ext> or
-- <photo_id>-thumb.webp; null for any other name (the cleanup leaves what it cannot read alone).
create or replace function private.photo_file_photo(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case when private.photo_file_item(p_name) is not null
              then left(split_part(p_name, '/', 3), 36)::uuid end
$$;
revoke all on function private.photo_file_photo(text) from public;
grant execute on function private.photo_file_photo(text) to service_role;

-- forget_removed_photos(p_limit) -> the photo rows it deleted, each with the files to remove now
-- (those no kept backup names). Service role only (the photo-cleanup function): up to p_limit
-- rows whose item is gone and whose removal no kept change can undo, under each account's
-- storage lock so an undo or a restore of the same account waits or goes first. The rows go
-- before their files: a run that dies between the two leaves files no row names, which the next
-- runs remove (orphan_photo_files), never a row naming a file that is gone.
-- security definer: it reads private.undo_rows and every account's rows and backups.
create or replace function public.forget_removed_photos(p_limit integer default 500)
returns table (photo_id uuid, account_id uuid, remove_files text[])
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_accounts uuid[];
begin
  -- the accounts with such photos, locked in one order (as every other locker of two accounts)
  select array_agg(a.account_id order by a.account_id) into v_accounts
    from (select distinct p.account_id from public.item_photos p
           where not exists (select 1 from public.storage_items i where i.item_id = p.item_id)) a;
  if v_accounts is null then
    return;
  end if;
  perform private.lock_storage(a) from unnest(v_accounts) a order by a;

  return query
  with gone as (
    select p.photo_id
      from public.item_photos p
     where p.account_id = any (v_accounts)
       and not exists (select 1 from public.storage_items i where i.item_id = p.item_id)
       and not exists (select 1 from private.undo_rows r
                         join public.undo_changes c on c.change_id = r.change_id
                        where r.table_name = 'storage_items' and r.row_id = p.item_id
                          and c.undone_at is null)
     order by p.created_at, p.photo_id
     limit greatest(coalesce(p_limit, 500), 1)
  ), forgotten as (
    delete from public.item_photos p using gone g where p.photo_id = g.photo_id
    returning p.photo_id, p.account_id, p.object_name, p.thumb_name
  ), kept as materialized (
    select k.name from private.photo_files_in_backups(v_accounts) k
  )
  select f.photo_id, f.account_id,
         array(select n from unnest(array[f.object_name, f.thumb_name]) n
                where not exists (select 1 from kept k where k.name = n))
    from forgotten f;
end;
$$;
comment on function public.forget_removed_photos(integer) is
  'Service role (photo-cleanup): delete photo rows of items gone past their undo window; returns the files to remove.';
revoke all on function public.forget_removed_photos(integer) from public, anon, authenticated;
grant execute on function public.forget_removed_photos(integer) to service_role;

-- orphan_photo_files(p_limit) -> names of item-photos files a day old that no photo row and no
-- kept backup names: what a crashed or closed upload left, and files kept for a backup that has
-- gone since. Service role only (the photo-cleanup function removes them through Storage).
-- security definer: it reads storage.objects and every account's rows and backups.
create or replace function public.orphan_photo_files(p_limit integer default 1000)
returns setof text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  with old as (
    select o.name, split_part(o.name, '/', 1)::uuid as account_id
      from storage.objects o
     where o.bucket_id = 'item-photos'
       and o.created_at < now() - interval '1 day'
       and private.photo_file_photo(o.name) is not null
       and not exists (select 1 from public.item_photos p
                        where p.photo_id = private.photo_file_photo(o.name))
  ), kept as materialized (
    select k.name from private.photo_files_in_backups(array(select distinct o.account_id from old o)) k
  )
  select o.name from old o
   where not exists (select 1 from kept k where k.name = o.name)
   order by o.name
   limit greatest(coalesce(p_limit, 1000), 1);
end;
$$;
comment on function public.orphan_photo_files(integer) is
  'Service role (photo-cleanup): item-photos files a day old that no photo row and no kept backup names.';
revoke all on function public.orphan_photo_files(integer) from public, anon, authenticated;
grant execute on function public.orphan_photo_files(integer) to service_role;

-- restore_photos(account, photos, items) -> {restored, skipped}: after a restore put items back,
-- the backup's photos of those items (p_item_ids; all of them when null) whose rows are gone are
-- listed again, in their order, when both files are still in the bucket; the others (removed
-- since, or no room left: 6 an item, the plan's photo storage) are skipped and counted. Called by
-- restore_backup and restore_from_backup, which hold the seller's locks.
-- security definer: it reads the files' rows in storage.objects and keeps created_by only for a
-- person who still exists (auth.users); it acts only for the caller's own account.
create or replace function private.restore_photos(p_account_id uuid, p_photos jsonb, p_item_ids uuid[] default NULL::uuid[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_photo jsonb;
  v_restored integer := 0;
  v_skipped integer := 0;
begin
  if auth.role() = 'authenticated' and p_account_id is distinct from private.current_account() then
    raise exception 'Not allowed to restore photos of another account' using errcode = '42501';
  end if;
  for v_photo in
    select e from jsonb_array_elements(coalesce(p_photos, '[]'::jsonb)) e
     where jsonb_typeof(e) = 'object'
       and (p_item_ids is null or (e ->> 'item_id')::uuid = any (p_item_ids))
       and exists (select 1 from public.storage_items i
                    where i.item_id = (e ->> 'item_id')::uuid and i.account_id = p_account_id)
       and not exists (select 1 from public.item_photos p where p.photo_id = (e ->> 'photo_id')::uuid)
     order by e ->> 'item_id', (e ->> 'position')::integer
  loop
    if (select count(*) from storage.objects o
         where o.bucket_id = 'item-photos'
           and o.name in (v_photo ->> 'object_name', v_photo ->> 'thumb_name')) < 2 then
      v_skipped := v_skipped + 1;
      continue;
    end if;
    begin
      insert into public.item_photos (photo_id, account_id, item_id, object_name, thumb_name,
                                      width, height, created_by, created_at)
      values ((v_photo ->> 'photo_id')::uuid, p_account_id, (v_photo ->> 'item_id')::uuid,
              v_photo ->> 'object_name', v_photo ->> 'thumb_name',
              (v_photo ->> 'width')::integer, (v_photo ->> 'height')::integer,
              (select u.id from auth.users u where u.id = (v_photo ->> 'created_by')::uuid),
              coalesce((v_photo ->> 'created_at')::timestamptz, now()));
      v_restored := v_restored + 1;
    exception
      -- 6 an item or the plan's photo storage: that photo stays out, the restore goes on
      when raise_exception or check_violation or unique_violation or foreign_key_violation
           or invalid_parameter_value then
        v_skipped := v_skipped + 1;
    end;
  end loop;
  return jsonb_build_object('restored', v_restored, 'skipped', v_skipped);
end;
$$;
revoke all on function private.restore_photos(uuid, jsonb, uuid[]) from public;
grant execute on function private.restore_photos(uuid, jsonb, uuid[]) to authenticated, service_role;
