-- Import (docs/product.md#import-and-export): a spreadsheet of items in one all-or-nothing call,
-- or, for large files, staged in batches (import_batches) and committed in one transaction.
--
-- import_items and commit_import take a mode. 'add' (the default) adds every row. 'update'
-- matches each row to one of the seller's items, by SKU (exact) when the row has one that
-- matches, else by barcode (capitals ignored, as the barcode lookup), and changes only the
-- fields the row gives (an empty cell leaves the field as it is; a row without any place keeps
-- the item where it is). Rows that match nothing are added. The server matches again: the
-- browser's preview is only a preview. Ambiguity is a row error, so the whole import is
-- refused: a key matching two or more items, or two rows matching the same item. The plan
-- limit counts only the rows that add an item.

-- ---------------------------------------------------------------------------------------------
-- import_items(p_rows jsonb, p_mode) -> {imported, item_ids}
-- p_rows is an array of objects: item_name, quantity, optional barcode, sku, price_paid,
-- expiry_date (YYYY-MM-DD), reorder_level (a whole number from 0), and a location: either shelf_id, or room (name, case-insensitive),
-- isle (number), unit (name, case-insensitive), shelf (number). All rows or none: the plan
-- limit is checked first ('Adding N items would exceed your {plan} plan limit of M items'), then
-- every row is validated with the messages of that section ('Row {index+2}: ...'); the first error
-- is the message and all errors are in the details as a JSON array.
-- ---------------------------------------------------------------------------------------------
create type private.import_row as (
  row_no integer,
  item_name text,
  quantity integer,
  barcode text,
  sku text,
  price_paid numeric,
  expiry_date date,
  shelf_id uuid,
  unit_id uuid,
  error text
);

-- What an import would do, row by row: action 'add' or 'update' (item_id the matched item), the
-- values the item ends with, and the row's error if any. In update mode an update row's empty
-- cells are filled from the matched item before the usual checks, so the checks and their
-- wording are import_items' own and the values are the item's whole new state.
create type private.import_plan_row as (
  row_no integer,
  action text,
  item_id uuid,
  matched_by text,
  item_name text,
  quantity integer,
  barcode text,
  sku text,
  price_paid numeric,
  expiry_date date,
  shelf_id uuid,
  unit_id uuid,
  error text
);

create or replace function private.resolve_import_rows(p_account_id uuid, p_rows jsonb)
returns setof private.import_row
language sql
stable
set search_path = ''
as $$
  with src as (
    select (e.ord + 1)::integer as row_no, -- ordinality is 1-based; the import screen names row index + 2
           case when jsonb_typeof(e.val) = 'object' then e.val else '{}'::jsonb end as val
      from jsonb_array_elements(p_rows) with ordinality as e(val, ord)
  ),
  -- materialized: each field is read and converted once per row, not once per use below
  p as materialized (
    select row_no,
           case when private.has_visible_text(coalesce(val ->> 'item_name', val ->> 'name'))
                then btrim(coalesce(val ->> 'item_name', val ->> 'name')) end as item_name,
           private.to_number(val ->> 'quantity') as qty,
           nullif(btrim(val ->> 'barcode'), '') as barcode,
           nullif(btrim(val ->> 'sku'), '') as sku,
           nullif(btrim(val ->> 'price_paid'), '') as price_text,
           nullif(btrim(val ->> 'expiry_date'), '') as expiry_text,
           nullif(btrim(val ->> 'shelf_id'), '') as shelf_id_text,
           btrim(coalesce(val ->> 'room', val ->> 'room_name')) as room,
           private.to_number(coalesce(val ->> 'isle', val ->> 'isle_index')) as isle,
           btrim(coalesce(val ->> 'unit', val ->> 'unit_name')) as unit,
           private.to_number(coalesce(val ->> 'shelf', val ->> 'shelf_index')) as shelf
      from src
  ),
  r as (
    select p.*,
           ds.shelf_id as direct_shelf_id, ds.unit_id as direct_unit_id,
           rm.room_id, i.isle_id, u.unit_id as named_unit_id, s.shelf_id as named_shelf_id
      from p
      left join public.storage_shelves ds
        on p.shelf_id_text is not null
       and ds.account_id = p_account_id
       and ds.shelf_id = case when p.shelf_id_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                              then p.shelf_id_text::uuid end
      left join lateral (
        select rm.room_id from public.storage_rooms rm
         where p.shelf_id_text is null and rm.account_id = p_account_id and lower(rm.room_name) = lower(p.room)
         order by rm.room_index limit 1) rm on true
      left join public.storage_isles i on i.room_id = rm.room_id and i.isle_index = p.isle
      left join public.storage_units u on u.isle_id = i.isle_id and lower(u.unit_name) = lower(p.unit)
      left join public.storage_shelves s on s.unit_id = u.unit_id and s.shelf_index = p.shelf
  ),
  v as materialized (
    -- try_date only for a cell that has a date: each call opens a subtransaction (its handler)
    select r.*, private.to_number(r.price_text) as price,
           case when r.expiry_text is not null then private.try_date(r.expiry_text) end as expiry
      from r
  )
  select r.row_no,
         r.item_name,
         case when r.qty >= 0 and r.qty = trunc(r.qty) and r.qty <= 2147483647 then r.qty::integer end,
         r.barcode,
         r.sku,
         r.price,
         r.expiry,
         coalesce(r.direct_shelf_id, r.named_shelf_id),
         coalesce(r.direct_unit_id, r.named_unit_id),
         -- the location's problems first, then the price's and the expiry date's
         coalesce(case
           when r.item_name is null then 'Missing item name'
           when r.qty is null or r.qty < 0 or r.qty <> trunc(r.qty) or r.qty > 2147483647 then 'Invalid quantity'
           when r.shelf_id_text is not null and r.direct_shelf_id is null then 'Invalid location for item'
           when r.shelf_id_text is not null then null
           when r.isle is null or r.isle <= 0 or r.isle <> trunc(r.isle) then 'Invalid isle number'
           when r.room_id is null then format('Room ''%s'' not found', coalesce(r.room, ''))
           when r.isle_id is null then format('Isle %s not found in room ''%s''', r.isle, r.room)
           when r.named_unit_id is null then format('Unit ''%s'' not found in isle %s', coalesce(r.unit, ''), r.isle)
           when r.named_shelf_id is null then format('Shelf %s not found in unit ''%s''', coalesce(r.shelf::text, ''), r.unit)
         end,
         case
           when r.price_text is not null and (r.price is null or r.price < 0 or r.price >= 10000000000) then 'Invalid price'
           when r.expiry_text is not null and r.expiry is null then 'Invalid expiry date'
         end) as error
    from v r
$$;
revoke all on function private.resolve_import_rows(uuid, jsonb) from public;
grant execute on function private.resolve_import_rows(uuid, jsonb) to authenticated, service_role;

-- Per row (row_no = index + 2, as in import errors), the reorder level its cell gives: `given`
-- false for an empty cell (an added item has none, an updated one keeps its own), the level when
-- it is a whole number within storage_items' bounds (40_items.sql), else the row's error. Apart
-- from resolve_import_rows so the row types it returns stay as they are.
create or replace function private.import_reorder_levels(p_rows jsonb)
returns table (row_no integer, given boolean, reorder_level integer, error text)
language sql
stable
set search_path = ''
as $$
  with src as (
    select (e.ord + 1)::integer as row_no,
           nullif(btrim(case when jsonb_typeof(e.val) = 'object' then e.val ->> 'reorder_level' end), '') as cell
      from jsonb_array_elements(p_rows) with ordinality as e(val, ord)
  ),
  n as (
    select src.row_no, src.cell, private.to_number(src.cell) as num from src
  )
  select n.row_no,
         n.cell is not null,
         case when n.num >= 0 and n.num = trunc(n.num) and n.num <= 1000000 then n.num::integer end,
         case when n.cell is not null
                   and not coalesce(n.num >= 0 and n.num = trunc(n.num) and n.num <= 1000000, false)
              then 'Invalid reorder level' end
    from n
$$;
revoke all on function private.import_reorder_levels(jsonb) from public;
grant execute on function private.import_reorder_levels(jsonb) to authenticated, service_role;

-- Per row (row_no = index + 2, as in import errors), the seller's items its key names: the SKU's
-- when it names any, else the barcode's. item_ids is null when nothing matches.
create or replace function private.match_import_rows(p_account_id uuid, p_rows jsonb)
returns table (row_no integer, matched_by text, match_key text, item_ids uuid[])
language sql
stable
set search_path = ''
as $$
  with src as (
    select (e.ord + 1)::integer as row_no,
           nullif(btrim(case when jsonb_typeof(e.val) = 'object' then e.val ->> 'sku' end), '') as sku,
           nullif(btrim(case when jsonb_typeof(e.val) = 'object' then e.val ->> 'barcode' end), '') as barcode
      from jsonb_array_elements(p_rows) with ordinality as e(val, ord)
  ),
  by_sku as (
    select s.row_no, array_agg(it.item_id order by it.created_at, it.item_id) as ids
      from src s
      join public.storage_items it on it.account_id = p_account_id and it.sku = s.sku
     group by s.row_no
  ),
  by_barcode as (
    select s.row_no, array_agg(it.item_id order by it.created_at, it.item_id) as ids
      from src s
      join public.storage_items it on it.account_id = p_account_id and lower(it.barcode) = lower(s.barcode)
     group by s.row_no
  )
  select s.row_no,
         case when k.ids is not null then 'sku' when b.ids is not null then 'barcode' end,
         case when k.ids is not null then s.sku when b.ids is not null then s.barcode end,
         coalesce(k.ids, b.ids)
    from src s
    left join by_sku k on k.row_no = s.row_no
    left join by_barcode b on b.row_no = s.row_no
$$;
revoke all on function private.match_import_rows(uuid, jsonb) from public;
grant execute on function private.match_import_rows(uuid, jsonb) to authenticated, service_role;

create or replace function private.plan_import_rows(p_account_id uuid, p_rows jsonb, p_update boolean)
returns setof private.import_plan_row
language plpgsql
stable
set search_path = ''
as $$
declare
  v_filled jsonb;
begin
  if not p_update then
    return query
      select x.row_no, 'add'::text, null::uuid, null::text, x.item_name, x.quantity, x.barcode, x.sku,
             x.price_paid, x.expiry_date, x.shelf_id, x.unit_id, x.error
        from private.resolve_import_rows(p_account_id, p_rows) x
       order by x.row_no;
    return;
  end if;

  select jsonb_agg(
           case when cardinality(m.item_ids) = 1 then
             v.val || jsonb_strip_nulls(jsonb_build_object(
               'item_name', case when not coalesce(private.has_visible_text(
                                        coalesce(v.val ->> 'item_name', v.val ->> 'name')), false)
                                 then it.item_name end,
               'quantity', case when nullif(btrim(v.val ->> 'quantity'), '') is null then it.quantity end,
               -- the same code in other capitals is the same code: the item keeps its spelling
               'barcode', case when nullif(btrim(v.val ->> 'barcode'), '') is null
                                 or lower(btrim(v.val ->> 'barcode')) = lower(it.barcode) then it.barcode end,
               'sku', case when nullif(btrim(v.val ->> 'sku'), '') is null then it.sku end,
               'price_paid', case when nullif(btrim(v.val ->> 'price_paid'), '') is null then it.price_paid end,
               'expiry_date', case when nullif(btrim(v.val ->> 'expiry_date'), '') is null then it.expiry_date end,
               'shelf_id', case when not exists (
                                  select 1 from unnest(array['shelf_id', 'room', 'room_name', 'isle', 'isle_index',
                                                             'unit', 'unit_name', 'shelf', 'shelf_index']) f
                                   where nullif(btrim(v.val ->> f), '') is not null)
                                then it.shelf_id end))
           else v.val end
           order by v.row_no)
    into v_filled
    from (select (e.ord + 1)::integer as row_no,
                 case when jsonb_typeof(e.val) = 'object' then e.val else '{}'::jsonb end as val
            from jsonb_array_elements(p_rows) with ordinality as e(val, ord)) v
    left join private.match_import_rows(p_account_id, p_rows) m on m.row_no = v.row_no
    left join public.storage_items it
      on cardinality(m.item_ids) = 1 and it.item_id = m.item_ids[1] and it.account_id = p_account_id;

  return query
    with m as (select * from private.match_import_rows(p_account_id, p_rows)),
    firsts as (
      select m.item_ids[1] as item_id, min(m.row_no) as first_row
        from m
       where cardinality(m.item_ids) = 1
       group by m.item_ids[1]
    )
    select x.row_no,
           case when cardinality(m.item_ids) = 1 then 'update' else 'add' end,
           case when cardinality(m.item_ids) = 1 then m.item_ids[1] end,
           m.matched_by,
           x.item_name, x.quantity, x.barcode, x.sku, x.price_paid, x.expiry_date, x.shelf_id, x.unit_id,
           case
             when cardinality(m.item_ids) > 1 then
               format('%s ''%s'' matches %s of your items, so it is not clear which to update',
                      case m.matched_by when 'sku' then 'SKU' else 'Barcode' end, m.match_key,
                      cardinality(m.item_ids))
             when cardinality(m.item_ids) = 1 and f.first_row < x.row_no then
               format('Matches the same item as row %s', f.first_row)
             else x.error
           end
      from private.resolve_import_rows(p_account_id, v_filled) x
      left join m on m.row_no = x.row_no
      left join firsts f on cardinality(m.item_ids) = 1 and f.item_id = m.item_ids[1]
     order by x.row_no;
end;
$$;
revoke all on function private.plan_import_rows(uuid, jsonb, boolean) from public;
grant execute on function private.plan_import_rows(uuid, jsonb, boolean) to authenticated, service_role;

-- The item limit for an import: check_item_limit's refusal (message and detail as for any
-- add), with how many more items fit said in the hint, so the import screen can tell the seller
-- from the database's own count (issue #39).
create or replace function private.check_import_limit(p_account_id uuid, p_adding integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_message text;
  v_detail jsonb;
  v_room integer;
begin
  perform private.check_item_limit(p_account_id, p_adding);
exception
  when sqlstate 'P0001' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail;
    if v_message not like 'PLAN_LIMIT_REACHED%' then
      raise;
    end if;
    v_room := greatest(0, (v_detail ->> 'limit')::integer - (v_detail ->> 'current')::integer);
    raise exception using
      errcode = 'P0001',
      message = v_message,
      detail = (v_detail || jsonb_build_object('room', v_room))::text,
      hint = case when v_room = 0
                  then format('Your plan has no room for more items; this file adds %s.', p_adding)
                  else format('Your plan has room for %s more %s; this file adds %s.',
                              v_room, case when v_room = 1 then 'item' else 'items' end, p_adding)
             end;
end;
$$;
revoke all on function private.check_import_limit(uuid, integer) from public;
grant execute on function private.check_import_limit(uuid, integer) to authenticated, service_role;

-- import_items(p_rows, p_mode = 'add') -> {imported, updated, unchanged, item_ids, updated_ids}
-- 'add' adds every row; 'update' also updates the matched items (see the top of this file); the
-- log line says how many were added and updated.
create or replace function public.import_items(p_rows jsonb, p_mode text default 'add'::text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_update boolean;
  v_n integer;
  v_adding integer;
  v_rows private.import_plan_row[];
  v_errors text[];
  v_ids uuid[];
  v_updated_ids uuid[];
  v_matched integer;
  v_names text[];
  v_changed_names text[];
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if p_mode is null or p_mode not in ('add', 'update') then
    raise exception 'Import mode must be add or update' using errcode = '22023';
  end if;
  v_update := p_mode = 'update';
  v_n := private.array_length_or_refuse(p_rows, 'Import rows');
  if v_n = 0 then
    return jsonb_build_object('imported', 0, 'updated', 0, 'unchanged', 0,
                              'item_ids', '[]'::jsonb, 'updated_ids', '[]'::jsonb);
  end if;

  select array_agg(x order by x.row_no) into v_rows from private.plan_import_rows(v_account, p_rows, v_update) x;

  -- Only added rows count against the plan; an import that only updates adds nothing.
  select count(*) into v_adding from unnest(v_rows) x where x.action = 'add';
  if v_adding > 0 or not v_update then
    perform private.check_import_limit(v_account, v_adding);
  end if;

  select array_agg(format('Row %s: %s', e.row_no, e.error) order by e.row_no) into v_errors
    from (select x.row_no, coalesce(x.error, r.error) as error
            from unnest(v_rows) x
            left join private.import_reorder_levels(p_rows) r on r.row_no = x.row_no) e
   where e.error is not null;
  if v_errors is not null then
    raise exception using
      errcode = '22023',
      message = v_errors[1] || case when cardinality(v_errors) > 1
                                    then format(' (and %s more)', cardinality(v_errors) - 1) else '' end,
      detail = to_jsonb(v_errors)::text;
  end if;

  -- created_at steps by a microsecond per row so "newest first" keeps the file's order stable
  perform private.keep_stamps();
  with ins as (
    insert into public.storage_items
      (account_id, item_name, quantity, barcode, sku, price_paid, expiry_date, shelf_id, unit_id, reorder_level,
       created_at)
    select v_account, x.item_name, x.quantity, x.barcode, x.sku, x.price_paid, x.expiry_date, x.shelf_id, x.unit_id,
           r.reorder_level, now() + make_interval(secs => x.row_no / 1000000.0)
      from unnest(v_rows) x
      left join private.import_reorder_levels(p_rows) r on r.row_no = x.row_no
     where x.action = 'add'
     order by x.row_no
    returning item_id, created_at
  )
  select array_agg(ins.item_id order by ins.created_at) into v_ids from ins;

  -- Each update row holds the item's whole new state (empty cells were filled from the item);
  -- an item whose state would not change is left alone, its updated_at too.
  -- An add-all import has no update rows; skipping the statement spares a scan of the
  -- account's items (seconds once 5000 were just added).
  v_matched := 0;
  if v_update then
    with upd as (
      update public.storage_items it set
        item_name = x.item_name, quantity = x.quantity, barcode = x.barcode, sku = x.sku,
        price_paid = x.price_paid, expiry_date = x.expiry_date, shelf_id = x.shelf_id, unit_id = x.unit_id,
        reorder_level = case when r.given then r.reorder_level else it.reorder_level end
        from unnest(v_rows) x
        left join private.import_reorder_levels(p_rows) r on r.row_no = x.row_no
       where x.action = 'update' and it.item_id = x.item_id and it.account_id = v_account
         and (it.item_name, it.quantity, it.barcode, it.sku, it.price_paid, it.expiry_date, it.shelf_id,
              it.reorder_level)
             is distinct from
             (x.item_name, x.quantity, x.barcode, x.sku, x.price_paid, x.expiry_date, x.shelf_id,
              case when r.given then r.reorder_level else it.reorder_level end)
      returning it.item_id
    )
    select array_agg(x.item_id order by x.row_no), array_agg(x.item_name order by x.row_no)
      into v_updated_ids, v_changed_names
      from unnest(v_rows) x join upd on upd.item_id = x.item_id;
    select count(*) into v_matched from unnest(v_rows) x where x.action = 'update';
  end if;

  select array_agg(x.item_name order by x.row_no) into v_names
    from unnest(v_rows) x where x.action = 'add';
  if not v_update then
    perform private.log(v_account, 'import_items', format('Imported %s item(s)', v_adding) || private.item_list(v_names));
  else
    perform private.log(v_account, 'import_items',
            format('Imported %s item(s), updated %s item(s)', v_adding, coalesce(cardinality(v_changed_names), 0))
            || private.item_list(coalesce(v_names, '{}') || coalesce(v_changed_names, '{}')));
  end if;

  return jsonb_build_object(
    'imported', v_adding,
    'updated', coalesce(cardinality(v_updated_ids), 0),
    'unchanged', v_matched - coalesce(cardinality(v_updated_ids), 0),
    'item_ids', coalesce(to_jsonb(v_ids), '[]'::jsonb),
    'updated_ids', coalesce(to_jsonb(v_updated_ids), '[]'::jsonb));
end;
$$;
comment on function public.import_items(jsonb, text) is
  'Import rows all-or-nothing with plan limit and row validation; mode update changes matching items; logs import_items.';
revoke all on function public.import_items(jsonb, text) from public, anon;

-- Staging rows older than an hour belong to uploads nobody will commit (closed tab, lost
-- network): a whole file uploads in seconds. The seller's next upload sweeps them; the daily
-- job (public.create_daily_backups) sweeps everyone's older than a day.
create or replace function private.sweep_import_batches()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.batch_no = 0 then
    delete from public.import_batches b
     where b.account_id = new.account_id and b.import_id <> new.import_id
       and b.created_at < now() - interval '1 hour';
  end if;
  return new;
end;
$$;
revoke all on function private.sweep_import_batches() from public;

-- ---------------------------------------------------------------------------------------------
-- import_batches: imports uploaded in batches of up to 500 rows, committed all or nothing
-- ---------------------------------------------------------------------------------------------
-- Import in batches, still all-or-nothing (docs/product.md#import-and-export; issue 9).
--
-- Why staging: writing batches straight into storage_items would leave half an import
-- behind when batch 37 fails (network, limit race, a shelf removed meanwhile). Sending the whole
-- file in one call is atomic but gives the seller no progress and one very large request. So the
-- browser uploads the already-checked rows up to 500 at a time into import_batches (the progress bar
-- follows real work), then calls commit_import once. That single transaction gathers the staged
-- rows in order and hands them to public.import_items, which takes the item-limit lock, checks
-- the limit and every row again (the browser is not trusted) and inserts all rows or none, with
-- one import_items log. Nothing the seller sees changes until the commit succeeds; a failed or
-- abandoned upload leaves only staging rows, which discard_import removes, and which are swept
-- (private.sweep_import_batches, public.create_daily_backups).
create table public.import_batches (
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  import_id uuid not null,
  -- 0-based position of the batch in the file; rows keep their file order inside it
  batch_no integer not null check (batch_no >= 0 and batch_no < 200),
  rows jsonb not null check (jsonb_typeof(rows) = 'array' and jsonb_array_length(rows) between 1 and 500)
    constraint "Import batch: at most 128 KB" check (octet_length(rows::text) <= 131072),
  created_at timestamptz not null default now(),
  primary key (account_id, import_id, batch_no)
);
comment on table public.import_batches is
  'Rows of an import being uploaded in batches of up to 500; commit_import turns them into items in one transaction.';

alter table public.import_batches enable row level security;
revoke all on table public.import_batches from anon, authenticated;
grant select, insert, delete on table public.import_batches to authenticated;

create policy import_batches_select on public.import_batches
  for select to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy import_batches_insert on public.import_batches
  for insert to authenticated
  with check (account_id = (select private.current_account_for('{owner,manager}')));
create policy import_batches_delete on public.import_batches
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.import_batches as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.import_batches as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.import_batches as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.import_batches as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

-- staged rows up to the plan's item limit plus two batches: a batch holds at least 40 rows of
-- the largest kind within its 128 KB (src/domain/import-validation.ts packs them), so 1 in 40
create trigger import_batches_row_cap
  after insert on public.import_batches
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('staged import batches', 2, 0.025, 0);
create trigger import_batches_server_stamps
  before insert or update on public.import_batches
  for each row execute function private.stamp_server_columns();
create trigger import_batches_sweep before insert on public.import_batches
  for each row execute function private.sweep_import_batches();
create trigger require_mfa_for_writes
  before insert or update or delete on public.import_batches
  for each statement execute function private.refuse_writes_without_mfa();

-- Each committed upload, with what its commit answered, so committing it again (a double click,
-- a retry after an answer that never arrived, 20 calls at once) answers the same instead of
-- importing twice or failing. Written and read only by commit_import's helpers below; kept a day
-- like the staged batches (the seller's next commit and public.create_daily_backups sweep it).
create table private.import_commits (
  account_id uuid not null references public.accounts (id) on delete cascade,
  import_id uuid not null,
  result jsonb not null,
  committed_at timestamptz not null default now(),
  primary key (account_id, import_id)
);
comment on table private.import_commits is
  'Uploads already committed by commit_import, with its answer; a repeated commit returns it. Kept a day.';

revoke all on table private.import_commits from public, anon, authenticated;
grant select, delete on table private.import_commits to service_role;

-- What commit_import answered for this upload of the caller's account, or null if it was never
-- committed. security definer: the API roles cannot read private.import_commits; it only ever
-- reads the caller's current account's row.
create or replace function private.import_commit_result(p_import_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select c.result from private.import_commits c
   where c.account_id = private.current_account() and c.import_id = p_import_id
$$;
revoke all on function private.import_commit_result(uuid) from public;
grant execute on function private.import_commit_result(uuid) to authenticated, service_role;

-- Records that the caller's account committed this upload, and sweeps its records older than a
-- day. security definer for the same reason; it only ever writes the caller's current account.
create or replace function private.remember_import_commit(p_import_id uuid, p_result jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.current_account();
begin
  if v_account is null then
    return;
  end if;
  delete from private.import_commits c
   where c.account_id = v_account and c.committed_at < now() - interval '1 day';
  insert into private.import_commits (account_id, import_id, result)
  values (v_account, p_import_id, p_result);
end;
$$;
revoke all on function private.remember_import_commit(uuid, jsonb) from public;
grant execute on function private.remember_import_commit(uuid, jsonb) to authenticated, service_role;

-- commit_import(p_import_id, p_batches, p_mode = 'add') -> import_items' result
-- p_batches is how many batches the browser sent: a batch that never arrived must refuse the
-- import rather than quietly import the rest. Errors are import_items' own (plan limit first,
-- then 'Row {index+2}: ...' with every row error in the details).
-- Exactly once: the seller's storage lock is taken before the batches are read, so commits of
-- one upload queue, and each one after the first finds the upload committed and returns the
-- first one's answer with "already_imported": true (any batches staged again under that id are
-- dropped); nothing is imported twice.
create or replace function public.commit_import(p_import_id uuid, p_batches integer, p_mode text default 'add'::text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_found integer;
  v_rows jsonb;
  v_result jsonb;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  -- before reading anything: a second commit of this upload waits here for the first to end
  perform private.lock_my_storage();
  v_result := private.import_commit_result(p_import_id);
  if v_result is not null then
    delete from public.import_batches b where b.account_id = v_account and b.import_id = p_import_id;
    return v_result || jsonb_build_object('already_imported', true);
  end if;

  select count(*) into v_found from public.import_batches b
   where b.account_id = v_account and b.import_id = p_import_id and b.batch_no < coalesce(p_batches, 0);
  if p_batches is null or p_batches < 1 or v_found <> p_batches
     or exists (select 1 from public.import_batches b
                 where b.account_id = v_account and b.import_id = p_import_id and b.batch_no >= p_batches) then
    raise exception 'The import was not fully uploaded; nothing was imported. Please try again'
      using errcode = '22023';
  end if;

  select jsonb_agg(e.val order by b.batch_no, e.ord) into v_rows
    from public.import_batches b
    cross join lateral jsonb_array_elements(b.rows) with ordinality as e(val, ord)
   where b.account_id = v_account and b.import_id = p_import_id;

  delete from public.import_batches b where b.account_id = v_account and b.import_id = p_import_id;
  v_result := public.import_items(v_rows, p_mode); -- raises, undoing the delete too, if anything is wrong
  perform private.remember_import_commit(p_import_id, v_result);
  return v_result;
end;
$$;
comment on function public.commit_import(uuid, integer, text) is
  'Import the staged batches of one upload, all or nothing and exactly once, via import_items (mode add or update); logs import_items.';
revoke all on function public.commit_import(uuid, integer, text) from public, anon;

-- discard_import(p_import_id) -> number of staged batches removed (after a failed upload)
create or replace function public.discard_import(p_import_id uuid)
returns integer
language sql
set search_path = ''
as $$
  select private.require_role('{owner,manager}'::text[]);
  with gone as (
    delete from public.import_batches b
     where b.account_id = (select private.current_account()) and b.import_id = p_import_id
    returning 1
  )
  select count(*)::integer from gone
$$;
comment on function public.discard_import(uuid) is
  'Drop the staged batches of an upload that will not be committed.';
revoke all on function public.discard_import(uuid) from public, anon;
