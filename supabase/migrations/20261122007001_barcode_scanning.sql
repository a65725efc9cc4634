-- Barcodes: bulk add by scanning (Power Seller and up, SPEC 6) and generated barcodes for items
-- that have none. Same conventions as 20261122000700_storage_functions.sql: SECURITY INVOKER so
-- RLS decides what the caller sees, 'not found' PT404, validation 22023, plan limits P0001
-- 'PLAN_LIMIT_REACHED: ...', plan features 42501 'PLAN_FEATURE_UNAVAILABLE: ...'.
--
-- No unique index on (user_id, barcode): a seller may hold the same product (one EAN) on two
-- shelves, and imports already carry such rows, so a constraint would refuse real data and could
-- not even be created on an existing database. Generated codes are kept unique per seller by
-- assign_barcodes itself (per-seller lock, then a check against every code the seller has).

-- GS1 check digit (EAN-13, UPC-A): weights 3, 1, 3 ... from the rightmost digit of the body.
-- The same rule as gs1CheckDigit in src/domain/barcodes.ts.
create or replace function private.gs1_check_digit(p_body text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select (10 - (sum(substr(reverse(p_body), n, 1)::integer * case when n % 2 = 1 then 3 else 1 end) % 10)) % 10
    from generate_series(1, length(p_body)) as n
$$;

-- The scans of add_scanned_items as rows, in scan order. quantity is null when not given.
create or replace function private.scanned_rows(p_items jsonb)
returns table (ord integer, barcode text, item_name text, quantity integer, quantity_invalid boolean)
language sql
immutable
set search_path = ''
as $$
  select e.ord::integer,
         nullif(btrim(case when jsonb_typeof(e.val) = 'object' then e.val ->> 'barcode' end), ''),
         nullif(btrim(case when jsonb_typeof(e.val) = 'object' then e.val ->> 'item_name' end), ''),
         case when q.ok then (e.val ->> 'quantity')::integer end,
         not coalesce(q.ok, true)
    from jsonb_array_elements(p_items) with ordinality as e(val, ord)
    cross join lateral (
      select case
               when jsonb_typeof(e.val) <> 'object' or not (e.val ? 'quantity')
                    or jsonb_typeof(e.val -> 'quantity') = 'null' then null
               when jsonb_typeof(e.val -> 'quantity') <> 'number' then false
               else (e.val ->> 'quantity')::numeric between 1 and 2147483647
                    and (e.val ->> 'quantity')::numeric = trunc((e.val ->> 'quantity')::numeric)
             end as ok) q
$$;

-- ---------------------------------------------------------------------------------------------
-- add_scanned_items(p_shelf_id, p_items) -> {added, item_ids}
-- p_items is an array of objects {barcode, item_name?, quantity?}: what the seller scanned, in
-- scan order. All or none: the plan feature is checked first, then the shelf, the codes (blank
-- or scanned twice in one batch: 'This item has already been scanned'), then the item limit with
-- import_items' wording. A scan without a name takes the name of the seller's item that already
-- carries the code (barcode lookup, case-insensitive as the product's barcode search), else
-- 'Scanned item <code>', so the seller can tell scanned items apart and rename them later.
-- ---------------------------------------------------------------------------------------------
create or replace function public.add_scanned_items(p_shelf_id uuid, p_items jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_shelf public.storage_shelves;
  v_plan public.plans;
  v_n integer;
  v_count integer;
  v_bad text;
  v_ids uuid[];
  v_names text[];
begin
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

  if p_items is null or jsonb_typeof(p_items) <> 'array' then
    raise exception 'Scanned items must be a JSON array' using errcode = '22023';
  end if;
  v_n := jsonb_array_length(p_items);
  if v_n = 0 then
    return jsonb_build_object('added', 0, 'item_ids', '[]'::jsonb);
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

  -- The lock the item limit trigger takes: nothing can slip in between this count and the insert.
  perform private.limit_lock('items', v_uid);
  v_plan := private.user_plan(v_uid);
  select count(*) into v_count from public.storage_items it where it.user_id = v_uid;
  if v_count + v_n > v_plan.max_items then
    raise exception using
      errcode = 'P0001',
      message = 'PLAN_LIMIT_REACHED: ' || format('Adding %s items would exceed your %s plan limit of %s items',
                                                 v_n, v_plan.plan_id, v_plan.max_items),
      detail = json_build_object('kind', 'items', 'plan', v_plan.plan_id, 'limit', v_plan.max_items,
                                 'current', v_count, 'adding', v_n)::text,
      hint = 'Visit the pricing page to upgrade your plan';
  end if;

  -- created_at steps by a microsecond per scan so "newest first" keeps the scan order stable
  with named as (
    select r.ord, r.barcode, coalesce(r.quantity, 1) as quantity,
           coalesce(r.item_name,
                    (select it.item_name from public.storage_items it
                      where it.user_id = v_uid and lower(it.barcode) = lower(r.barcode)
                      order by it.created_at desc limit 1),
                    'Scanned item ' || r.barcode) as item_name
      from private.scanned_rows(p_items) r
  ),
  ins as (
    insert into public.storage_items (user_id, item_name, quantity, barcode, shelf_id, unit_id, created_at)
    select v_uid, n.item_name, n.quantity, n.barcode, v_shelf.shelf_id, v_shelf.unit_id,
           now() + make_interval(secs => n.ord / 1000000.0)
      from named n
     order by n.ord
    returning item_id, item_name, created_at
  )
  select array_agg(ins.item_id order by ins.created_at), array_agg(ins.item_name order by ins.created_at)
    into v_ids, v_names
    from ins;

  insert into public.storage_logs (user_id, action, details)
  values (v_uid, 'add_item',
          format('Added %s scanned item(s) to %s', v_n, private.shelf_location(v_shelf.shelf_id))
          || private.item_list(v_names));

  return jsonb_build_object('added', v_n, 'item_ids', to_jsonb(v_ids));
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- assign_barcodes(p_item_ids) -> the items, each now with a barcode
-- Items that have none get a new EAN-13 starting with 2 (GS1's in-store range, never a real
-- product's) with a valid check digit, unique among all the seller's codes. Items that already
-- have a code keep it. All or none ('Item not found' unless every item is the caller's).
-- Not plan-gated: printing labels is for every plan; only scanning them in bulk is Power+.
-- ---------------------------------------------------------------------------------------------
create or replace function public.assign_barcodes(p_item_ids uuid[])
returns setof public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_wanted integer;
  v_found integer;
  v_item public.storage_items;
  v_body text;
  v_code text;
  v_names text[] := '{}';
begin
  select count(distinct x) into v_wanted from unnest(p_item_ids) as x where x is not null;
  if v_wanted = 0 then
    return;
  end if;
  -- One generator per seller at a time: two concurrent calls must not both pick a free code.
  perform pg_advisory_xact_lock(hashtextextended('stockroom.barcode.' || v_uid::text, 0));

  select count(*) into v_found from public.storage_items it
   where it.item_id = any (p_item_ids) and it.user_id = v_uid;
  if v_found <> v_wanted or array_position(p_item_ids, null) is not null then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;

  for v_item in
    select it.* from public.storage_items it
     where it.item_id = any (p_item_ids) and it.user_id = v_uid
       and coalesce(btrim(it.barcode), '') = ''
     order by it.created_at, it.item_id
       for update
  loop
    loop
      v_body := '2' || lpad((floor(random() * 100000000000))::bigint::text, 11, '0');
      v_code := v_body || private.gs1_check_digit(v_body)::text;
      exit when not exists (select 1 from public.storage_items it
                             where it.user_id = v_uid and lower(it.barcode) = v_code);
    end loop;
    update public.storage_items it set barcode = v_code where it.item_id = v_item.item_id;
    v_names := v_names || v_item.item_name;
  end loop;

  if cardinality(v_names) > 0 then
    insert into public.storage_logs (user_id, action, details)
    values (v_uid, 'update_item',
            format('Gave %s item(s) a new barcode', cardinality(v_names)) || private.item_list(v_names));
  end if;

  return query select it.* from public.storage_items it
                where it.item_id = any (p_item_ids) and it.user_id = v_uid
                order by it.created_at desc;
end;
$$;

revoke all on function private.gs1_check_digit(text) from public;
revoke all on function private.scanned_rows(jsonb) from public;
grant execute on function private.gs1_check_digit(text), private.scanned_rows(jsonb)
  to authenticated, service_role;
revoke all on function public.add_scanned_items(uuid, jsonb) from public, anon;
revoke all on function public.assign_barcodes(uuid[]) from public, anon;
grant execute on function public.add_scanned_items(uuid, jsonb), public.assign_barcodes(uuid[])
  to authenticated, service_role;

comment on function public.add_scanned_items(uuid, jsonb) is
  'Add scanned items to a shelf, all or none, within the item limit (Power Seller and up); logs add_item.';
comment on function public.assign_barcodes(uuid[]) is
  'Give items without a barcode a generated EAN-13 unique per seller; logs update_item.';
