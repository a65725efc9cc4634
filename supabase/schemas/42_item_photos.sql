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
