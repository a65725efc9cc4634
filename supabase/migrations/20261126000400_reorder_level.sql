-- Low and out of stock (issue #25, point 5): an optional reorder level per item, and the items
-- at or below it or at 0, with where they sit. Same conventions as 20261122000400_items_moves.sql:
-- SECURITY INVOKER, RLS decides what the caller sees, validation 22023, every change logged.

-- ---------------------------------------------------------------------------------------------
-- storage_items.reorder_level: null means "no reorder level" (the item is only flagged at 0).
-- ---------------------------------------------------------------------------------------------
alter table public.storage_items
  add column reorder_level integer
    constraint "Reorder level: a whole number from 0 to 1000000"
    check (reorder_level between 0 and 1000000);
comment on column public.storage_items.reorder_level is
  'Optional: the item is low on stock when its quantity is at or below this (0: out of stock).';

-- ---------------------------------------------------------------------------------------------
-- add_item(..., p_reorder_level) -> the new item; one more optional parameter, so the old
-- signature is dropped (callers passing seven arguments, place_listing, keep working).
-- ---------------------------------------------------------------------------------------------
drop function public.add_item(uuid, text, integer, text, text, numeric, date);

create or replace function public.add_item(
  p_shelf_id uuid,
  p_item_name text,
  p_quantity integer default 1,
  p_barcode text default null,
  p_sku text default null,
  p_price_paid numeric default null,
  p_expiry_date date default null,
  p_reorder_level integer default null
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
  if p_reorder_level is not null and (p_reorder_level < 0 or p_reorder_level > 1000000) then
    raise exception 'Invalid reorder level' using errcode = '22023';
  end if;

  insert into public.storage_items
    (user_id, item_name, quantity, shelf_id, unit_id, barcode, sku, price_paid, expiry_date, reorder_level)
  values
    (v_shelf.user_id, btrim(p_item_name), p_quantity, v_shelf.shelf_id, v_shelf.unit_id,
     nullif(btrim(p_barcode), ''), nullif(btrim(p_sku), ''), p_price_paid, p_expiry_date, p_reorder_level)
  returning * into v_item; -- the item limit trigger may refuse with PLAN_LIMIT_REACHED

  perform private.log(v_shelf.user_id, 'add_item',
          format('Added %s x %s to %s', v_item.quantity, v_item.item_name, private.shelf_location(v_shelf.shelf_id)));
  return v_item;
end;
$$;
revoke all on function public.add_item(uuid, text, integer, text, text, numeric, date, integer) from public, anon;
grant execute on function public.add_item(uuid, text, integer, text, text, numeric, date, integer)
  to authenticated, service_role;
comment on function public.add_item(uuid, text, integer, text, text, numeric, date, integer) is
  'Add one item to a shelf; logs add_item.';

-- ---------------------------------------------------------------------------------------------
-- update_item(p_item_id, p_changes): as before, and reorder_level (a whole number from 0 to
-- 1000000; null clears it), named in the log line ('reorder level - → 3').
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
  v_reorder integer;
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

  if p_changes ? 'reorder_level' and jsonb_typeof(p_changes -> 'reorder_level') <> 'null' then
    if jsonb_typeof(p_changes -> 'reorder_level') <> 'number'
       or (p_changes ->> 'reorder_level')::numeric <> trunc((p_changes ->> 'reorder_level')::numeric)
       or (p_changes ->> 'reorder_level')::numeric < 0
       or (p_changes ->> 'reorder_level')::numeric > 1000000 then
      raise exception 'Invalid reorder level' using errcode = '22023';
    end if;
    v_reorder := (p_changes ->> 'reorder_level')::integer;
  end if;

  update public.storage_items it set
    item_name = case when p_changes ? 'item_name' then btrim(p_changes ->> 'item_name') else it.item_name end,
    quantity = case when p_changes ? 'quantity' then v_quantity else it.quantity end,
    barcode = case when p_changes ? 'barcode' then nullif(btrim(p_changes ->> 'barcode'), '') else it.barcode end,
    sku = case when p_changes ? 'sku' then nullif(btrim(p_changes ->> 'sku'), '') else it.sku end,
    price_paid = case when p_changes ? 'price_paid' then v_price else it.price_paid end,
    expiry_date = case when p_changes ? 'expiry_date' then v_expiry else it.expiry_date end,
    reorder_level = case when p_changes ? 'reorder_level' then v_reorder else it.reorder_level end
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

  if v_new.reorder_level is distinct from v_old.reorder_level then
    v_parts := v_parts || format('reorder level %s → %s', coalesce(v_old.reorder_level::text, '-'),
                                 coalesce(v_new.reorder_level::text, '-'));
  end if;

  if cardinality(v_parts) > 0 then
    perform private.log(v_new.user_id, 'update_item',
            format('Updated %s: %s', v_new.item_name, array_to_string(v_parts, ', ')));
  end if;
  return v_new;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- low_stock_items() -> the caller's items out of stock (quantity 0) or at or below their reorder
-- level, with where they sit ('Garage › Isle 1 › Unit A › Shelf 2'), fewest left first. Read
-- only, so it logs nothing; RLS (security invoker) shows each seller only their own items.
-- ---------------------------------------------------------------------------------------------
create or replace function public.low_stock_items()
returns table (
  item_id uuid,
  item_name text,
  quantity integer,
  reorder_level integer,
  shelf_id uuid,
  location text,
  out_of_stock boolean
)
language sql
stable
set search_path = ''
as $$
  select it.item_id, it.item_name, it.quantity, it.reorder_level, it.shelf_id,
         coalesce(format('%s › Isle %s › Unit %s › Shelf %s', r.room_name, i.isle_index, u.unit_name, s.shelf_index),
                  'No shelf') as location,
         it.quantity = 0 as out_of_stock
    from public.storage_items it
    left join public.storage_shelves s on s.shelf_id = it.shelf_id
    left join public.storage_units u on u.unit_id = s.unit_id
    left join public.storage_isles i on i.isle_id = u.isle_id
    left join public.storage_rooms r on r.room_id = i.room_id
   where it.user_id = (select auth.uid())
     and it.active
     and (it.quantity = 0 or it.quantity <= it.reorder_level)
   order by it.quantity, it.reorder_level desc nulls last, it.item_name, it.item_id
$$;
revoke all on function public.low_stock_items() from public, anon;
grant execute on function public.low_stock_items() to authenticated, service_role;
comment on function public.low_stock_items() is
  'Items out of stock or at or below their reorder level, with their location, fewest left first.';

-- The low-stock check reads only these rows, however big the inventory.
create index storage_items_low_stock_idx on public.storage_items (user_id)
  where quantity = 0 or reorder_level is not null;
