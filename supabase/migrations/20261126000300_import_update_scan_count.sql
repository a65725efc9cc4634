-- Issue #25 points 3 and 4: a re-import updates the seller's matching items instead of adding
-- them again, and a bulk scan can add to an item the seller already has.
--
-- Import: import_items and commit_import take a mode. 'add' (the default, what every earlier
-- caller gets) adds every row as before. 'update' matches each row to one of the seller's items,
-- by SKU (exact) when the row has one that matches, else by barcode (capitals ignored, as the
-- barcode lookup), and changes only the fields the row gives (an empty cell leaves the field as
-- it is; a row without any place keeps the item where it is). Rows that match nothing are added.
-- The server matches again: the browser's preview is only a preview. Ambiguity is a row error,
-- so the whole import is refused as before: a key matching two or more items, or two rows
-- matching the same item. The plan limit counts only the rows that add an item.
--
-- Scan: add_scanned_items accepts item_id on a scan: "add to that item" raises that item's
-- quantity (by the scan's quantity, default 1) instead of adding a new one; only the caller's
-- items, in the same all-or-nothing call, counted against the plan only for new items.

-- ---------------------------------------------------------------------------------------------
-- Import: matching and planning
-- ---------------------------------------------------------------------------------------------

-- Per row (row_no = index + 2, as in import errors), the seller's items its key names: the SKU's
-- when it names any, else the barcode's. item_ids is null when nothing matches.
create or replace function private.match_import_rows(p_user_id uuid, p_rows jsonb)
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
      join public.storage_items it on it.user_id = p_user_id and it.sku = s.sku
     group by s.row_no
  ),
  by_barcode as (
    select s.row_no, array_agg(it.item_id order by it.created_at, it.item_id) as ids
      from src s
      join public.storage_items it on it.user_id = p_user_id and lower(it.barcode) = lower(s.barcode)
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

create or replace function private.plan_import_rows(p_user_id uuid, p_rows jsonb, p_update boolean)
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
        from private.check_import_rows(p_user_id, p_rows) x
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
    left join private.match_import_rows(p_user_id, p_rows) m on m.row_no = v.row_no
    left join public.storage_items it
      on cardinality(m.item_ids) = 1 and it.item_id = m.item_ids[1] and it.user_id = p_user_id;

  return query
    with m as (select * from private.match_import_rows(p_user_id, p_rows)),
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
      from private.check_import_rows(p_user_id, v_filled) x
      left join m on m.row_no = x.row_no
      left join firsts f on cardinality(m.item_ids) = 1 and f.item_id = m.item_ids[1]
     order by x.row_no;
end;
$$;

revoke all on function private.match_import_rows(uuid, jsonb) from public;
revoke all on function private.plan_import_rows(uuid, jsonb, boolean) from public;
grant execute on function private.match_import_rows(uuid, jsonb), private.plan_import_rows(uuid, jsonb, boolean)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- import_items(p_rows, p_mode = 'add') -> {imported, updated, unchanged, item_ids, updated_ids}
-- 'add' is the import of 20261122000400_items_moves.sql unchanged (same checks, wording, log).
-- 'update' also updates the matched items; the log line says how many were added and updated.
-- ---------------------------------------------------------------------------------------------
drop function if exists public.import_items(jsonb);

create or replace function public.import_items(p_rows jsonb, p_mode text default 'add')
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
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

  select array_agg(x order by x.row_no) into v_rows from private.plan_import_rows(v_uid, p_rows, v_update) x;

  -- Only added rows count against the plan; an import that only updates adds nothing.
  select count(*) into v_adding from unnest(v_rows) x where x.action = 'add';
  if v_adding > 0 or not v_update then
    perform private.check_item_limit(v_uid, v_adding);
  end if;

  select array_agg(format('Row %s: %s', x.row_no, x.error) order by x.row_no) into v_errors
    from unnest(v_rows) x where x.error is not null;
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
      (user_id, item_name, quantity, barcode, sku, price_paid, expiry_date, shelf_id, unit_id, created_at)
    select v_uid, x.item_name, x.quantity, x.barcode, x.sku, x.price_paid, x.expiry_date, x.shelf_id, x.unit_id,
           now() + make_interval(secs => x.row_no / 1000000.0)
      from unnest(v_rows) x
     where x.action = 'add'
     order by x.row_no
    returning item_id, created_at
  )
  select array_agg(ins.item_id order by ins.created_at) into v_ids from ins;

  -- Each update row holds the item's whole new state (empty cells were filled from the item);
  -- an item whose state would not change is left alone, its updated_at too.
  with upd as (
    update public.storage_items it set
      item_name = x.item_name, quantity = x.quantity, barcode = x.barcode, sku = x.sku,
      price_paid = x.price_paid, expiry_date = x.expiry_date, shelf_id = x.shelf_id, unit_id = x.unit_id
      from unnest(v_rows) x
     where x.action = 'update' and it.item_id = x.item_id and it.user_id = v_uid
       and (it.item_name, it.quantity, it.barcode, it.sku, it.price_paid, it.expiry_date, it.shelf_id)
           is distinct from
           (x.item_name, x.quantity, x.barcode, x.sku, x.price_paid, x.expiry_date, x.shelf_id)
    returning it.item_id
  )
  select array_agg(x.item_id order by x.row_no), array_agg(x.item_name order by x.row_no)
    into v_updated_ids, v_changed_names
    from unnest(v_rows) x join upd on upd.item_id = x.item_id;
  select count(*) into v_matched from unnest(v_rows) x where x.action = 'update';

  select array_agg(x.item_name order by x.row_no) into v_names
    from unnest(v_rows) x where x.action = 'add';
  if not v_update then
    perform private.log(v_uid, 'import_items', format('Imported %s item(s)', v_adding) || private.item_list(v_names));
  else
    perform private.log(v_uid, 'import_items',
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

revoke all on function public.import_items(jsonb, text) from public, anon;
grant execute on function public.import_items(jsonb, text) to authenticated, service_role;
comment on function public.import_items(jsonb, text) is
  'Import rows all-or-nothing with plan limit and row validation; mode update changes matching items; logs import_items.';

-- ---------------------------------------------------------------------------------------------
-- commit_import(p_import_id, p_batches, p_mode = 'add'): as before, handing the mode on.
-- ---------------------------------------------------------------------------------------------
drop function if exists public.commit_import(uuid, integer);

create or replace function public.commit_import(p_import_id uuid, p_batches integer, p_mode text default 'add')
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
  v_result := public.import_items(v_rows, p_mode); -- raises, undoing the delete too, if anything is wrong
  return v_result;
end;
$$;

revoke all on function public.commit_import(uuid, integer, text) from public, anon;
grant execute on function public.commit_import(uuid, integer, text) to authenticated, service_role;
comment on function public.commit_import(uuid, integer, text) is
  'Import the staged batches of one upload, all or nothing, via import_items (mode add or update); logs import_items.';

-- Per scan (in scan order), the item it adds to, or null for a new item. An item_id that is not
-- a uuid becomes the nil uuid, which is nobody's item, so it is refused as 'Item not found'.
create or replace function private.scan_targets(p_items jsonb)
returns table (ord integer, item_id uuid)
language sql
immutable
set search_path = ''
as $$
  select e.ord::integer,
         case when jsonb_typeof(e.val) = 'object' and nullif(btrim(e.val ->> 'item_id'), '') is not null then
           case when btrim(e.val ->> 'item_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                then btrim(e.val ->> 'item_id')::uuid
                else '00000000-0000-0000-0000-000000000000'::uuid end
         end
    from jsonb_array_elements(p_items) with ordinality as e(val, ord)
$$;
revoke all on function private.scan_targets(jsonb) from public;
grant execute on function private.scan_targets(jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- add_scanned_items(p_shelf_id, p_items) -> {added, increased, item_ids}
-- As in 20261122000400_items_moves.sql, and a scan may carry item_id: "add to that item". Such a
-- scan raises that item's quantity by its quantity (default 1) where the item is; the item must
-- be the caller's ('Item not found', PT404, refuses the whole batch). Only new items count
-- against the plan. item_ids lists, in scan order, the item each scan went to (new or raised).
-- ---------------------------------------------------------------------------------------------
create or replace function public.add_scanned_items(p_shelf_id uuid, p_items jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_shelf public.storage_shelves;
  v_n integer;
  v_new integer;
  v_raised integer;
  v_bad text;
  v_ids uuid[];
  v_names text[];
  v_raised_names text[];
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if not private.plan_allows(v_uid, 'barcode_scanning') then
    raise exception using
      errcode = '42501',
      message = 'PLAN_FEATURE_UNAVAILABLE: Barcode scanning requires the Power Seller plan or higher',
      detail = json_build_object('feature', 'barcode_scanning')::text;
  end if;

  select s.* into v_shelf from public.storage_shelves s where s.shelf_id = p_shelf_id;
  if not found or v_shelf.user_id <> v_uid then
    raise exception 'Invalid location for item' using errcode = '22023';
  end if;

  v_n := private.array_length_or_refuse(p_items, 'Scanned items');
  if v_n = 0 then
    return jsonb_build_object('added', 0, 'increased', 0, 'item_ids', '[]'::jsonb);
  end if;

  if exists (select 1 from private.scanned_rows(p_items) r where r.barcode is null) then
    raise exception 'Nothing was scanned' using errcode = '22023';
  end if;
  select min(r.barcode) into v_bad from private.scanned_rows(p_items) r
   group by lower(r.barcode) having count(*) > 1
   limit 1;
  if v_bad is not null then
    raise exception using
      errcode = '22023',
      message = 'This item has already been scanned',
      detail = json_build_object('barcode', v_bad)::text;
  end if;
  if exists (select 1 from private.scanned_rows(p_items) r where r.quantity_invalid) then
    raise exception 'Invalid quantity' using errcode = '22023';
  end if;
  if exists (select 1 from private.scanned_rows(p_items) r
              where length(r.barcode) > 200 or length(r.item_name) > 500) then
    raise exception 'Barcode or item name is too long' using errcode = '22023';
  end if;

  -- every "add to that item" names an item of the caller (RLS hides the rest; user_id says so too)
  if exists (select 1 from private.scan_targets(p_items) t
              where t.item_id is not null
                and not exists (select 1 from public.storage_items it
                                 where it.item_id = t.item_id and it.user_id = v_uid)) then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;
  if exists (select 1 from private.scan_targets(p_items) t where t.item_id is not null
              group by t.item_id having count(*) > 1) then
    raise exception 'This item has already been scanned' using errcode = '22023';
  end if;
  if exists (select 1 from private.scan_targets(p_items) t
               join private.scanned_rows(p_items) r on r.ord = t.ord
               join public.storage_items it on it.item_id = t.item_id
              where it.quantity::bigint + coalesce(r.quantity, 1) > 2147483647) then
    raise exception 'Invalid quantity' using errcode = '22023';
  end if;

  select count(*) filter (where t.item_id is null), count(*) filter (where t.item_id is not null)
    into v_new, v_raised
    from private.scan_targets(p_items) t;
  if v_new > 0 then
    perform private.check_item_limit(v_uid, v_new);
  end if;

  -- created_at steps by a microsecond per scan so "newest first" keeps the scan order stable
  perform private.keep_stamps();
  with named as (
    select r.ord, r.barcode, coalesce(r.quantity, 1) as quantity,
           coalesce(r.item_name,
                    (select it.item_name from public.storage_items it
                      where it.user_id = v_uid and lower(it.barcode) = lower(r.barcode)
                      order by it.created_at desc limit 1),
                    'Scanned item ' || r.barcode) as item_name
      from private.scanned_rows(p_items) r
      join private.scan_targets(p_items) t on t.ord = r.ord
     where t.item_id is null
  ),
  ins as (
    insert into public.storage_items (user_id, item_name, quantity, barcode, shelf_id, unit_id, created_at)
    select v_uid, n.item_name, n.quantity, n.barcode, v_shelf.shelf_id, v_shelf.unit_id,
           now() + make_interval(secs => n.ord / 1000000.0)
      from named n
     order by n.ord
    returning item_id, item_name, created_at
  ),
  raised as (
    update public.storage_items it
       set quantity = it.quantity + coalesce(r.quantity, 1)
      from private.scan_targets(p_items) t
      join private.scanned_rows(p_items) r on r.ord = t.ord
     where t.item_id is not null and it.item_id = t.item_id and it.user_id = v_uid
    returning it.item_id, it.item_name, it.quantity, t.ord
  )
  select (select array_agg(ins.item_name order by ins.created_at) from ins),
         (select array_agg(format('%s (now %s)', raised.item_name, raised.quantity) order by raised.ord)
            from raised),
         -- in scan order, the item each scan went to: a new one (found by its created_at) or raised
         (select array_agg(coalesce(raised.item_id, ins.item_id) order by t.ord)
            from private.scan_targets(p_items) t
            left join raised on raised.ord = t.ord
            left join ins on t.item_id is null and ins.created_at = now() + make_interval(secs => t.ord / 1000000.0))
    into v_names, v_raised_names, v_ids;

  if v_new > 0 then
    perform private.log(v_uid, 'add_item',
            format('Added %s scanned item(s) to %s', v_new, private.shelf_location(v_shelf.shelf_id))
            || private.item_list(v_names));
  end if;
  if v_raised > 0 then
    perform private.log(v_uid, 'update_item',
            format('Raised the quantity of %s scanned item(s)', v_raised)
            || private.item_list(v_raised_names));
  end if;

  return jsonb_build_object('added', v_new, 'increased', v_raised, 'item_ids', to_jsonb(v_ids));
end;
$$;

comment on function public.add_scanned_items(uuid, jsonb) is
  'Add scanned items to a shelf, or raise the quantity of the caller''s item a scan names (item_id), all or none, within the item limit (Power Seller and up); logs add_item / update_item.';
