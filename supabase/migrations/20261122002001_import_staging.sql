-- Import in batches of 50 (SPEC 9) that is still all-or-nothing (SPEC 5, issue 9).
--
-- Why staging: writing batches of 50 straight into storage_items would leave half an import
-- behind when batch 37 fails (network, limit race, a shelf removed meanwhile). Sending the whole
-- file in one call is atomic but gives the seller no progress and one very large request. So the
-- browser uploads the already-checked rows 50 at a time into import_batches (the progress bar
-- follows real work), then calls commit_import once. That single transaction gathers the staged
-- rows in order and hands them to public.import_items, which takes the item-limit lock, checks
-- the limit and every row again (the browser is not trusted) and inserts all rows or none, with
-- one import_items log. Nothing the seller sees changes until the commit succeeds; a failed or
-- abandoned upload leaves only staging rows, which discard_import removes, and which are swept
-- after a day by the next upload of the same user.

create table public.import_batches (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  import_id uuid not null,
  -- 0-based position of the batch in the file; rows keep their file order inside it
  batch_no integer not null check (batch_no >= 0 and batch_no < 200),
  rows jsonb not null check (jsonb_typeof(rows) = 'array' and jsonb_array_length(rows) between 1 and 50),
  created_at timestamptz not null default now(),
  primary key (user_id, import_id, batch_no)
);
comment on table public.import_batches is
  'Rows of an import being uploaded in batches of 50; commit_import turns them into items in one transaction.';

alter table public.import_batches enable row level security;
revoke all on table public.import_batches from anon, authenticated;
grant select, insert, delete on table public.import_batches to authenticated;
grant all on table public.import_batches to service_role;

create policy import_batches_select on public.import_batches for select to authenticated
  using (user_id = (select auth.uid()));
create policy import_batches_insert on public.import_batches for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy import_batches_delete on public.import_batches for delete to authenticated
  using (user_id = (select auth.uid()));

-- Staging rows older than a day belong to uploads nobody will commit (closed tab, lost network).
create or replace function private.sweep_import_batches()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.batch_no = 0 then
    delete from public.import_batches b
     where b.user_id = new.user_id and b.created_at < now() - interval '1 day';
  end if;
  return new;
end;
$$;
revoke all on function private.sweep_import_batches() from public;

create trigger import_batches_sweep before insert on public.import_batches
  for each row execute function private.sweep_import_batches();

-- ---------------------------------------------------------------------------------------------
-- commit_import(p_import_id, p_batches) -> import_items' {imported, item_ids}
-- p_batches is how many batches the browser sent: a batch that never arrived must refuse the
-- import rather than quietly import the rest. Errors are import_items' own (plan limit first,
-- then 'Row {index+2}: ...' with every row error in the details).
-- ---------------------------------------------------------------------------------------------
create or replace function public.commit_import(p_import_id uuid, p_batches integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_found integer;
  v_rows jsonb;
  v_result jsonb;
begin
  select count(*) into v_found from public.import_batches b
   where b.user_id = v_uid and b.import_id = p_import_id and b.batch_no < coalesce(p_batches, 0);
  if p_batches is null or p_batches < 1 or v_found <> p_batches
     or exists (select 1 from public.import_batches b
                 where b.user_id = v_uid and b.import_id = p_import_id and b.batch_no >= p_batches) then
    raise exception 'The import was not fully uploaded; nothing was imported. Please try again'
      using errcode = '22023';
  end if;

  select jsonb_agg(e.val order by b.batch_no, e.ord) into v_rows
    from public.import_batches b
    cross join lateral jsonb_array_elements(b.rows) with ordinality as e(val, ord)
   where b.user_id = v_uid and b.import_id = p_import_id;

  delete from public.import_batches b where b.user_id = v_uid and b.import_id = p_import_id;
  v_result := public.import_items(v_rows); -- raises, undoing the delete too, if anything is wrong
  return v_result;
end;
$$;

-- discard_import(p_import_id) -> number of staged batches removed (after a failed upload)
create or replace function public.discard_import(p_import_id uuid)
returns integer
language sql
set search_path = ''
as $$
  with gone as (
    delete from public.import_batches b
     where b.user_id = (select auth.uid()) and b.import_id = p_import_id
    returning 1
  )
  select count(*)::integer from gone
$$;

revoke all on function public.commit_import(uuid, integer) from public, anon;
revoke all on function public.discard_import(uuid) from public, anon;
grant execute on function public.commit_import(uuid, integer), public.discard_import(uuid)
  to authenticated, service_role;

comment on function public.commit_import(uuid, integer) is
  'Import the staged batches of one upload, all or nothing, via import_items; logs import_items.';
comment on function public.discard_import(uuid) is 'Drop the staged batches of an upload that will not be committed.';
