-- Items: what a seller keeps on the shelves of 20261122000300_storage.sql, and every operation
-- on them: adding, editing, moving, removing, importing (in staged batches) and scanning.
-- Same conventions as the storage functions: SECURITY INVOKER, RLS decides what the caller sees,
-- 'not found' is PT404, validation 22023, plan limits P0001 'PLAN_LIMIT_REACHED: ...', plan
-- features 42501 'PLAN_FEATURE_UNAVAILABLE: ...'.

-- ---------------------------------------------------------------------------------------------
-- storage_items
-- ---------------------------------------------------------------------------------------------

-- The expiry dates a seller can mean: real calendar days from 2000 to 2199 (null: none).
create or replace function private.is_expiry_date(p_date date)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_date is null or p_date between date '2000-01-01' and date '2199-12-31'
$$;
revoke all on function private.is_expiry_date(date) from public;
grant execute on function private.is_expiry_date(date) to authenticated, service_role;

create table public.storage_items (
  item_id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  item_name text not null
    constraint "Item name: 1 to 500 characters, not all blank"
    check (length(btrim(item_name)) between 1 and 500 and private.has_visible_text(item_name)),
  quantity integer not null default 1 check (quantity >= 0),
  -- filled from shelf_id when a shelf is given (trigger below)
  unit_id uuid,
  shelf_id uuid,
  barcode text constraint "Barcode: at most 200 characters" check (length(barcode) <= 200),
  sku text constraint "SKU: at most 100 characters" check (length(sku) <= 100),
  -- NaN is a numeric Postgres accepts and orders above every number, so NaN >= 0 holds
  price_paid numeric(12, 2)
    constraint "Price paid: a number from 0 to 9999999999.99" check (price_paid >= 0 and price_paid <> 'NaN'),
  -- 'infinity', 5874897-12-31 or 4713-01-01 BC are dates to Postgres, not to a seller
  expiry_date date
    constraint "Expiry date: between 2000-01-01 and 2199-12-31" check (private.is_expiry_date(expiry_date)),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint storage_items_unit_fkey foreign key (unit_id, user_id)
    references public.storage_units (unit_id, user_id) on delete cascade,
  -- the shelf must be the caller's and belong to the item's unit; follows a shelf if it moves
  constraint storage_items_shelf_fkey foreign key (shelf_id, unit_id, user_id)
    references public.storage_shelves (shelf_id, unit_id, user_id) on delete cascade on update cascade,
  -- with MATCH SIMPLE a null unit_id would silently skip the shelf check
  constraint storage_items_shelf_needs_unit check (shelf_id is null or unit_id is not null),
  constraint storage_items_item_id_user_id_key unique (item_id, user_id)
);
comment on table public.storage_items is
  'Items on shelves. unit_id is derived from shelf_id. Counted against the plan''s item limit.';

-- The app's queries: newest first per user (paged 1000), by shelf, by unit, barcode lookups,
-- and case-insensitive substring search on name or barcode (trigram indexes serve ILIKE '%x%').
create index storage_items_user_created_idx on public.storage_items (user_id, created_at desc);
-- by shelf and by unit, in the columns of their foreign keys so the keys' checks and cascades
-- use them too (Supabase's linter: unindexed foreign keys)
create index storage_items_shelf_idx on public.storage_items (shelf_id, unit_id, user_id);
create index storage_items_unit_idx on public.storage_items (unit_id, user_id);
create index storage_items_user_barcode_idx on public.storage_items (user_id, barcode) where barcode is not null;
create index storage_items_name_trgm_idx on public.storage_items using gin (item_name extensions.gin_trgm_ops);
create index storage_items_barcode_trgm_idx on public.storage_items using gin (barcode extensions.gin_trgm_ops);
create index storage_items_expiry_idx on public.storage_items (user_id, expiry_date) where expiry_date is not null;

-- An item placed on a shelf is in that shelf's unit; deriving it means the client cannot make
-- the two disagree. security definer only to read the shelf's unit regardless of RLS: the
-- composite foreign key then decides whether the shelf is the item owner's.
create or replace function private.derive_item_unit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.shelf_id is not null and (tg_op = 'INSERT' or new.shelf_id is distinct from old.shelf_id
                                   or new.unit_id is distinct from old.unit_id) then
    new.unit_id := coalesce((select s.unit_id from public.storage_shelves s where s.shelf_id = new.shelf_id),
                            new.unit_id);
  end if;
  return new;
end;
$$;
revoke all on function private.derive_item_unit() from public;
create trigger storage_items_derive_unit before insert or update on public.storage_items
  for each row execute function private.derive_item_unit();

select private.add_row_triggers('public.storage_items', array['set_updated_at', 'keep_owner', 'server_stamps', 'lock_storage']);

-- The item limit (SPEC section 6): the same statement-level check as the room and unit limits.
create trigger storage_items_plan_limit
  after insert on public.storage_items
  referencing new table as new_rows
  for each statement execute function private.enforce_plan_limit('items');

-- ---------------------------------------------------------------------------------------------
-- storage_items: row-level security (each seller sees and changes only their own rows; anon
-- gets nothing) and two-factor sign-in.
-- ---------------------------------------------------------------------------------------------
select private.own_rows('public.storage_items');

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- Log lines name the items only for batches of 20 or fewer (SPEC section 9).
create or replace function private.item_list(p_names text[])
returns text
language sql
immutable
set search_path = ''
as $$
  select case when coalesce(cardinality(p_names), 0) between 1 and 20
              then ': ' || array_to_string(p_names, ', ')
              else '' end
$$;

-- Lenient number parsing for imported cells ('5', ' 5 ', 5); null when not a number.
create or replace function private.to_number(p_text text)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case when btrim(p_text) ~ '^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$' then btrim(p_text)::numeric end
$$;

create or replace function private.try_date(p_text text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- only YYYY-MM-DD: 'today', 'epoch' or 'infinity' are words Postgres reads as dates
  if p_text is null or btrim(p_text) !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    return null;
  end if;
  return case when private.is_expiry_date(btrim(p_text)::date) then btrim(p_text)::date end;
exception when others then
  return null;
end;
$$;

revoke all on function private.item_list(text[]) from public;
revoke all on function private.to_number(text) from public;
revoke all on function private.try_date(text) from public;
grant execute on function private.item_list(text[]), private.to_number(text), private.try_date(text)
  to authenticated, service_role;

-- The shelf an item is to go on, as the caller sees it; any other is 'Invalid location for item'.
create or replace function private.shelf_for_item(p_shelf_id uuid)
returns public.storage_shelves
language plpgsql
stable
set search_path = ''
as $$
declare
  v_shelf public.storage_shelves;
begin
  select s.* into v_shelf from public.storage_shelves s where s.shelf_id = p_shelf_id;
  if not found then
    raise exception 'Invalid location for item' using errcode = '22023';
  end if;
  return v_shelf;
end;
$$;
revoke all on function private.shelf_for_item(uuid) from public;
grant execute on function private.shelf_for_item(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- add_item(...) -> the new item on the given shelf, logged as add_item
-- ---------------------------------------------------------------------------------------------
create or replace function public.add_item(
  p_shelf_id uuid,
  p_item_name text,
  p_quantity integer default 1,
  p_barcode text default null,
  p_sku text default null,
  p_price_paid numeric default null,
  p_expiry_date date default null
)
returns public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_shelf public.storage_shelves;
  v_item public.storage_items;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  v_shelf := private.shelf_for_item(p_shelf_id);
  if not coalesce(private.has_visible_text(p_item_name), false) then
    raise exception 'Missing item name' using errcode = '22023';
  end if;
  -- one rule everywhere: a whole number from 0 (out of stock, the item keeps its place)
  if p_quantity is null or p_quantity < 0 then
    raise exception 'Invalid quantity' using errcode = '22023';
  end if;
  if p_price_paid is not null and (p_price_paid = 'NaN' or p_price_paid < 0 or p_price_paid >= 10000000000) then
    raise exception 'Invalid price' using errcode = '22023';
  end if;
  if not private.is_expiry_date(p_expiry_date) then
    raise exception 'Invalid expiry date' using errcode = '22023';
  end if;

  insert into public.storage_items
    (user_id, item_name, quantity, shelf_id, unit_id, barcode, sku, price_paid, expiry_date)
  values
    (v_shelf.user_id, btrim(p_item_name), p_quantity, v_shelf.shelf_id, v_shelf.unit_id,
     nullif(btrim(p_barcode), ''), nullif(btrim(p_sku), ''), p_price_paid, p_expiry_date)
  returning * into v_item; -- the item limit trigger may refuse with PLAN_LIMIT_REACHED

  perform private.log(v_shelf.user_id, 'add_item',
          format('Added %s x %s to %s', v_item.quantity, v_item.item_name, private.shelf_location(v_shelf.shelf_id)));
  return v_item;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- update_item(p_item_id, p_changes) -> the updated item, logged as update_item
-- p_changes holds only the fields to change: item_name, quantity, barcode, sku, price_paid,
-- expiry_date (YYYY-MM-DD). Blank barcode/sku/price/expiry clear them. The log line names what
-- changed ('Updated Teapot: quantity 3 → 4'); nothing changed writes no log line.
-- ---------------------------------------------------------------------------------------------
create or replace function public.update_item(p_item_id uuid, p_changes jsonb)
returns public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_old public.storage_items;
  v_new public.storage_items;
  v_quantity integer;
  v_price numeric;
  v_expiry date;
  v_parts text[] := '{}';
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if p_changes is null or jsonb_typeof(p_changes) <> 'object' then
    raise exception 'Item changes must be a JSON object' using errcode = '22023';
  end if;
  select it.* into v_old from public.storage_items it where it.item_id = p_item_id for update;
  if not found then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;

  if p_changes ? 'item_name' and not coalesce(private.has_visible_text(p_changes ->> 'item_name'), false) then
    raise exception 'Missing item name' using errcode = '22023';
  end if;
  if p_changes ? 'quantity' then
    if jsonb_typeof(p_changes -> 'quantity') <> 'number'
       or (p_changes ->> 'quantity')::numeric <> trunc((p_changes ->> 'quantity')::numeric)
       or (p_changes ->> 'quantity')::numeric < 0
       or (p_changes ->> 'quantity')::numeric > 2147483647 then
      raise exception 'Invalid quantity' using errcode = '22023';
    end if;
    v_quantity := (p_changes ->> 'quantity')::integer;
  end if;
  if p_changes ? 'price_paid' and coalesce(btrim(p_changes ->> 'price_paid'), '') <> '' then
    v_price := private.to_number(p_changes ->> 'price_paid');
    if v_price is null or v_price < 0 or v_price >= 10000000000 then
      raise exception 'Invalid price' using errcode = '22023';
    end if;
  end if;
  if p_changes ? 'expiry_date' and coalesce(btrim(p_changes ->> 'expiry_date'), '') <> '' then
    v_expiry := private.try_date(p_changes ->> 'expiry_date');
    if v_expiry is null then
      raise exception 'Invalid expiry date' using errcode = '22023';
    end if;
  end if;

  update public.storage_items it set
    item_name = case when p_changes ? 'item_name' then btrim(p_changes ->> 'item_name') else it.item_name end,
    quantity = case when p_changes ? 'quantity' then v_quantity else it.quantity end,
    barcode = case when p_changes ? 'barcode' then nullif(btrim(p_changes ->> 'barcode'), '') else it.barcode end,
    sku = case when p_changes ? 'sku' then nullif(btrim(p_changes ->> 'sku'), '') else it.sku end,
    price_paid = case when p_changes ? 'price_paid' then v_price else it.price_paid end,
    expiry_date = case when p_changes ? 'expiry_date' then v_expiry else it.expiry_date end
   where it.item_id = p_item_id
  returning * into v_new;

  if v_new.item_name is distinct from v_old.item_name then
    v_parts := v_parts || format('name %s → %s', v_old.item_name, v_new.item_name);
  end if;
  if v_new.quantity is distinct from v_old.quantity then
    v_parts := v_parts || format('quantity %s → %s', v_old.quantity, v_new.quantity);
  end if;
  if v_new.barcode is distinct from v_old.barcode then
    v_parts := v_parts || format('barcode %s → %s', coalesce(v_old.barcode, '-'), coalesce(v_new.barcode, '-'));
  end if;
  if v_new.sku is distinct from v_old.sku then
    v_parts := v_parts || format('SKU %s → %s', coalesce(v_old.sku, '-'), coalesce(v_new.sku, '-'));
  end if;
  if v_new.price_paid is distinct from v_old.price_paid then
    v_parts := v_parts || format('price paid %s → %s', coalesce(v_old.price_paid::text, '-'),
                                 coalesce(v_new.price_paid::text, '-'));
  end if;
  if v_new.expiry_date is distinct from v_old.expiry_date then
    v_parts := v_parts || format('expiry %s → %s', coalesce(v_old.expiry_date::text, '-'),
                                 coalesce(v_new.expiry_date::text, '-'));
  end if;

  if cardinality(v_parts) > 0 then
    perform private.log(v_new.user_id, 'update_item',
            format('Updated %s: %s', v_new.item_name, array_to_string(v_parts, ', ')));
  end if;
  return v_new;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- move_items(p_item_ids, p_shelf_id) -> the moved items
-- 'Invalid location for item' unless the shelf is the caller's; 'Item not found' unless every
-- item is. Items already on the shelf are left alone (dropping on the same shelf does nothing).
-- ---------------------------------------------------------------------------------------------
create or replace function public.move_items(p_item_ids uuid[], p_shelf_id uuid)
returns setof public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_shelf public.storage_shelves;
  v_wanted integer;
  v_found integer;
  v_names text[];
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  v_shelf := private.shelf_for_item(p_shelf_id);

  select count(distinct x) into v_wanted from unnest(p_item_ids) as x where x is not null;
  if v_wanted = 0 then
    return;
  end if;
  -- lock the items so a concurrent move or delete cannot interleave
  perform 1 from public.storage_items it
   where it.item_id = any (p_item_ids) and it.user_id = v_shelf.user_id
   order by it.item_id
     for update;
  select count(*) into v_found from public.storage_items it
   where it.item_id = any (p_item_ids) and it.user_id = v_shelf.user_id;
  if v_found <> v_wanted or array_position(p_item_ids, null) is not null then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;

  with moved as (
    update public.storage_items it
       set shelf_id = v_shelf.shelf_id, unit_id = v_shelf.unit_id
     where it.item_id = any (p_item_ids)
       and it.shelf_id is distinct from v_shelf.shelf_id
    returning it.item_name, it.created_at
  )
  select array_agg(m.item_name order by m.created_at desc) into v_names from moved m;

  if coalesce(cardinality(v_names), 0) > 0 then
    perform private.log(v_shelf.user_id, 'move_item',
            format('Moved %s item(s) to %s', cardinality(v_names), private.shelf_location(v_shelf.shelf_id))
            || private.item_list(v_names));
  end if;

  return query select it.* from public.storage_items it
                where it.item_id = any (p_item_ids) order by it.created_at desc;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- remove_items(p_item_ids) -> number removed; all or nothing ('Item not found')
-- ---------------------------------------------------------------------------------------------
create or replace function public.remove_items(p_item_ids uuid[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_wanted integer;
  v_names text[];
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  select count(distinct x) into v_wanted from unnest(p_item_ids) as x where x is not null;
  if v_wanted = 0 then
    return 0;
  end if;
  with gone as (
    delete from public.storage_items it
     where it.item_id = any (p_item_ids) and it.user_id = v_uid
    returning it.item_name, it.created_at
  )
  select array_agg(g.item_name order by g.created_at desc) into v_names from gone g;
  if coalesce(cardinality(v_names), 0) <> v_wanted then
    raise exception 'Item not found' using errcode = 'PT404'; -- undoes the delete
  end if;

  perform private.log(v_uid, 'remove_item', format('Removed %s item(s)', v_wanted) || private.item_list(v_names));
  return v_wanted;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- import_items(p_rows jsonb) -> {imported, item_ids}
-- p_rows is an array of objects: item_name, quantity, optional barcode, sku, price_paid,
-- expiry_date (YYYY-MM-DD), and a location: either shelf_id, or room (name, case-insensitive),
-- isle (number), unit (name, case-insensitive), shelf (number). All rows or none: the plan
-- limit is checked first ('Adding N items would exceed your {plan} plan limit of M items'), then
-- every row is validated with SPEC section 5's messages ('Row {index+2}: ...'); the first error
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

create or replace function private.resolve_import_rows(p_user_id uuid, p_rows jsonb)
returns setof private.import_row
language sql
stable
set search_path = ''
as $$
  with src as (
    select (e.ord + 1)::integer as row_no, -- ordinality is 1-based; the spec's row is index + 2
           case when jsonb_typeof(e.val) = 'object' then e.val else '{}'::jsonb end as val
      from jsonb_array_elements(p_rows) with ordinality as e(val, ord)
  ),
  p as (
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
       and ds.user_id = p_user_id
       and ds.shelf_id = case when p.shelf_id_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                              then p.shelf_id_text::uuid end
      left join lateral (
        select rm.room_id from public.storage_rooms rm
         where p.shelf_id_text is null and rm.user_id = p_user_id and lower(rm.room_name) = lower(p.room)
         order by rm.room_index limit 1) rm on true
      left join public.storage_isles i on i.room_id = rm.room_id and i.isle_index = p.isle
      left join public.storage_units u on u.isle_id = i.isle_id and lower(u.unit_name) = lower(p.unit)
      left join public.storage_shelves s on s.unit_id = u.unit_id and s.shelf_index = p.shelf
  )
  select r.row_no,
         r.item_name,
         case when r.qty >= 0 and r.qty = trunc(r.qty) and r.qty <= 2147483647 then r.qty::integer end,
         r.barcode,
         r.sku,
         private.to_number(r.price_text),
         private.try_date(r.expiry_text),
         coalesce(r.direct_shelf_id, r.named_shelf_id),
         coalesce(r.direct_unit_id, r.named_unit_id),
         case
           when r.item_name is null then 'Missing item name'
           when r.qty is null or r.qty < 0 or r.qty <> trunc(r.qty) or r.qty > 2147483647 then 'Invalid quantity'
           when r.shelf_id_text is not null and r.direct_shelf_id is null then 'Invalid location for item'
           when r.shelf_id_text is not null then null
           when r.isle is null or r.isle <= 0 or r.isle <> trunc(r.isle) then 'Invalid isle number'
           when r.room_id is null then format('Room ''%s'' not found', coalesce(r.room, ''))
           when r.isle_id is null then format('Isle %s not found in room ''%s''', r.isle, r.room)
           when r.named_unit_id is null then format('Unit ''%s'' not found in isle %s', coalesce(r.unit, ''), r.isle)
           when r.named_shelf_id is null then format('Shelf %s not found in unit ''%s''', coalesce(r.shelf::text, ''), r.unit)
         end as error
    from r
$$;

-- The price/expiry checks come after the location ones, so keep them in a wrapper.
create or replace function private.check_import_rows(p_user_id uuid, p_rows jsonb)
returns setof private.import_row
language sql
stable
set search_path = ''
as $$
  select x.row_no, x.item_name, x.quantity, x.barcode, x.sku, x.price_paid, x.expiry_date,
         x.shelf_id, x.unit_id,
         coalesce(x.error,
           case
             when src.val ->> 'price_paid' is not null and btrim(src.val ->> 'price_paid') <> ''
                  and (x.price_paid is null or x.price_paid < 0 or x.price_paid >= 10000000000) then 'Invalid price'
             when src.val ->> 'expiry_date' is not null and btrim(src.val ->> 'expiry_date') <> ''
                  and x.expiry_date is null then 'Invalid expiry date'
           end)
    from private.resolve_import_rows(p_user_id, p_rows) x
    join lateral (select p_rows -> (x.row_no - 2) as val) src on true
$$;

revoke all on function private.resolve_import_rows(uuid, jsonb) from public;
revoke all on function private.check_import_rows(uuid, jsonb) from public;
grant execute on function private.resolve_import_rows(uuid, jsonb), private.check_import_rows(uuid, jsonb)
  to authenticated, service_role;

-- The length of a JSON array the browser sent; anything else is refused as '<what> must be a
-- JSON array' (22023).
create or replace function private.array_length_or_refuse(p_value jsonb, p_what text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_value is null or jsonb_typeof(p_value) <> 'array' then
    raise exception '% must be a JSON array', p_what using errcode = '22023';
  end if;
  return jsonb_array_length(p_value);
end;
$$;
revoke all on function private.array_length_or_refuse(jsonb, text) from public;
grant execute on function private.array_length_or_refuse(jsonb, text) to authenticated, service_role;

-- Refuses adding p_adding items over the seller's plan limit, naming how many were being added.
-- It takes the lock the item limit trigger takes, so no concurrent insert can slip in between
-- this check and the caller's insert.
-- Boilerplate: Postgres spells out each function's declaration (returns, language, security,
-- empty search_path); the bodies differ.
create or replace function private.check_item_limit(p_user_id uuid, p_adding integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.plans;
  v_count integer;
begin
  perform private.limit_lock('items', p_user_id);
  v_plan := private.user_plan(p_user_id);
  select count(*) into v_count from public.storage_items it where it.user_id = p_user_id;
  if v_count + p_adding > v_plan.max_items then
    raise exception using
      errcode = 'P0001',
      message = 'PLAN_LIMIT_REACHED: ' || format('Adding %s items would exceed your %s plan limit of %s items',
                                                 p_adding, v_plan.plan_id, v_plan.max_items),
      detail = json_build_object('kind', 'items', 'plan', v_plan.plan_id, 'limit', v_plan.max_items,
                                 'current', v_count, 'adding', p_adding)::text,
      hint = 'Visit the pricing page to upgrade your plan';
  end if;
end;
$$;
revoke all on function private.check_item_limit(uuid, integer) from public;
grant execute on function private.check_item_limit(uuid, integer) to authenticated, service_role;

create or replace function public.import_items(p_rows jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_n integer;
  v_rows private.import_row[];
  v_errors text[];
  v_ids uuid[];
  v_names text[];
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  v_n := private.array_length_or_refuse(p_rows, 'Import rows');
  if v_n = 0 then
    return jsonb_build_object('imported', 0, 'item_ids', '[]'::jsonb);
  end if;

  perform private.check_item_limit(v_uid, v_n);

  select array_agg(x order by x.row_no) into v_rows from private.check_import_rows(v_uid, p_rows) x;
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
     order by x.row_no
    returning item_id, created_at
  )
  select array_agg(ins.item_id order by ins.created_at) into v_ids from ins;

  select array_agg(x.item_name order by x.row_no) into v_names from unnest(v_rows) x;
  perform private.log(v_uid, 'import_items', format('Imported %s item(s)', v_n) || private.item_list(v_names));

  return jsonb_build_object('imported', v_n, 'item_ids', to_jsonb(v_ids));
end;
$$;

revoke all on function public.add_item(uuid, text, integer, text, text, numeric, date) from public, anon;
revoke all on function public.update_item(uuid, jsonb) from public, anon;
revoke all on function public.move_items(uuid[], uuid) from public, anon;
revoke all on function public.remove_items(uuid[]) from public, anon;
revoke all on function public.import_items(jsonb) from public, anon;
grant execute on function
  public.add_item(uuid, text, integer, text, text, numeric, date),
  public.update_item(uuid, jsonb),
  public.move_items(uuid[], uuid),
  public.remove_items(uuid[]),
  public.import_items(jsonb)
  to authenticated, service_role;
comment on function public.add_item(uuid, text, integer, text, text, numeric, date) is 'Add one item to a shelf; logs add_item.';
comment on function public.update_item(uuid, jsonb) is
  'Change some fields of an item; logs update_item naming what changed.';
comment on function public.move_items(uuid[], uuid) is 'Move items to a shelf of the caller; logs move_item.';
comment on function public.remove_items(uuid[]) is 'Remove items, all or none; logs remove_item.';
comment on function public.import_items(jsonb) is 'Import rows all-or-nothing with plan limit and row validation; logs import_items.';

-- ---------------------------------------------------------------------------------------------
-- import_batches: imports uploaded in batches of 50, committed all or nothing
-- ---------------------------------------------------------------------------------------------
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

create table public.import_batches (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  import_id uuid not null,
  -- 0-based position of the batch in the file; rows keep their file order inside it
  batch_no integer not null check (batch_no >= 0 and batch_no < 200),
  rows jsonb not null check (jsonb_typeof(rows) = 'array' and jsonb_array_length(rows) between 1 and 50)
    constraint "Import batch: at most 128 KB" check (octet_length(rows::text) <= 131072),
  created_at timestamptz not null default now(),
  primary key (user_id, import_id, batch_no)
);
comment on table public.import_batches is
  'Rows of an import being uploaded in batches of 50; commit_import turns them into items in one transaction.';

select private.own_rows('public.import_batches', array['select', 'insert', 'delete']);

select private.add_row_triggers('public.import_batches', array['server_stamps']);

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
     where b.user_id = new.user_id and b.import_id <> new.import_id
       and b.created_at < now() - interval '1 hour';
  end if;
  return new;
end;
$$;
revoke all on function private.sweep_import_batches() from public;

create trigger import_batches_sweep before insert on public.import_batches
  for each row execute function private.sweep_import_batches();
-- staged rows up to the plan's item limit plus two batches (of 50)
create trigger import_batches_row_cap
  after insert on public.import_batches
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('staged import batches of 50 rows', 2, 0.02, 0);

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

-- ---------------------------------------------------------------------------------------------
-- Barcodes: bulk add by scanning and generated barcodes
-- ---------------------------------------------------------------------------------------------
-- Bulk add by scanning (Power Seller and up, SPEC 6) and generated barcodes for items that have
-- none.
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
               else (e.val ->> 'quantity')::numeric between 0 and 2147483647
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
-- Boilerplate: the item calls share a declaration (caller id, counts, jsonb result); what each
-- checks and inserts differs.
create or replace function public.add_scanned_items(p_shelf_id uuid, p_items jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_shelf public.storage_shelves;
  v_n integer;
  v_bad text;
  v_ids uuid[];
  v_names text[];
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

  perform private.check_item_limit(v_uid, v_n);

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

  perform private.log(v_uid, 'add_item',
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
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
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
    perform private.log(v_uid, 'update_item',
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
