-- The storage schema Supabase Storage creates in every project (its migrations/tenant files), reduced
-- to what the local Storage service (local/storage) uses: buckets, objects with their metadata, the
-- helpers policies call (foldername, filename, extension), search (what object/list runs) and the
-- guard against deleting rows outside the Storage API. As on hosted projects both tables have RLS
-- and no policy: nothing but the service role reaches an object until a migration adds policies.

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language plpgsql
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- One level of a bucket under `prefix`: the folders (id null) and the objects directly in it,
-- filtered by `search`, sorted and paged. Runs as the caller, so RLS decides what is listed.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable
as $$
declare
  v_order text := case when lower(sortorder) = 'desc' then 'desc' else 'asc' end;
  v_column text := case when lower(sortcolumn) in ('name', 'updated_at', 'created_at', 'last_accessed_at')
                        then lower(sortcolumn) else 'name' end;
begin
  return query execute format(
    $sql$
      with entries as (
        select (o.path_tokens)[$1] as entry,
               bool_or(array_length(o.path_tokens, 1) > $1) as is_folder
          from storage.objects o
         where o.bucket_id = $2
           and o.name ilike $3 || $4 || '%%'
           and array_length(o.path_tokens, 1) >= $1
         group by 1
      )
      select e.entry as name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
        from entries e
        left join storage.objects o
          on not e.is_folder and o.bucket_id = $2 and o.name = $3 || e.entry
       where e.entry <> ''
       order by (o.id is not null), %I %s nulls first, e.entry
       limit $5 offset $6
    $sql$,
    case when v_column = 'name' then 'entry' else v_column end, v_order
  ) using levels, bucketname, prefix, search, limits, offsets;
end
$$;

-- Rows removed by SQL would leave their files behind: like hosted projects, only the Storage API
-- (which sets storage.can_delete for its own transaction) may delete them.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.can_delete', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;

do $$
begin
  if not exists (select 1 from pg_trigger where tgname = 'protect_buckets_delete') then
    create trigger protect_buckets_delete before delete on storage.buckets
      for each statement execute function storage.protect_delete();
  end if;
  if not exists (select 1 from pg_trigger where tgname = 'protect_objects_delete') then
    create trigger protect_objects_delete before delete on storage.objects
      for each statement execute function storage.protect_delete();
  end if;
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

do $$
begin
  if not exists (select 1 from pg_trigger where tgname = 'update_objects_updated_at') then
    create trigger update_objects_updated_at before update on storage.objects
      for each row execute function storage.update_updated_at_column();
  end if;
end
$$;

grant execute on all functions in schema storage to anon, authenticated, service_role;
