-- Inventory screen operations that need more than one statement, as SQL functions so each is
-- atomic and writes its storage_logs line in the same transaction (same conventions as
-- 20261122000700_storage_functions.sql: SECURITY INVOKER, RLS decides what the caller sees,
-- 'not found' is PT404, validation 22023, plan limits P0001 'PLAN_LIMIT_REACHED: ...').

-- ---------------------------------------------------------------------------------------------
-- add_isle(p_room_id, p_isle_index, p_unit_type, p_position3d) -> {isle, unit}
-- A new isle always comes with its first unit: an isle lives only while it has units (removing
-- its last unit removes it, SPEC section 4). Doing both inserts in one function means a unit
-- refused by the plan limit leaves no empty isle behind.
-- ---------------------------------------------------------------------------------------------
create or replace function public.add_isle(
  p_room_id uuid,
  p_isle_index integer default null,
  p_unit_type text default 'box',
  p_position3d jsonb default null
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_unit public.storage_units;
begin
  -- Locking the room queues concurrent isle additions to it, so the number check below sees
  -- every isle committed before (the unique constraint would catch a race anyway).
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id for update;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;
  if p_isle_index is not null and p_isle_index <= 0 then
    raise exception 'Invalid isle number' using errcode = '22023';
  end if;
  if p_isle_index is not null and exists (select 1 from public.storage_isles i
                                           where i.room_id = p_room_id and i.isle_index = p_isle_index) then
    -- SPEC section 5 wording; 23505 like the unique constraint it anticipates
    raise exception 'Isle number % is already in use in this room', p_isle_index using errcode = '23505';
  end if;

  -- a null number becomes the room's next one (private.fill_isle_index)
  insert into public.storage_isles (room_id, user_id, isle_index)
  values (v_room.room_id, v_room.user_id, p_isle_index)
  returning * into v_isle;

  -- name (A) filled by private.fill_unit_defaults; the unit limit trigger may refuse
  insert into public.storage_units (isle_id, user_id, unit_type, naming_convention, "position3D")
  values (v_isle.isle_id, v_room.user_id, coalesce(p_unit_type, 'box'), 'alphabetical', p_position3d)
  returning * into v_unit;

  return jsonb_build_object('isle', to_jsonb(v_isle), 'unit', to_jsonb(v_unit));
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
  if p_changes is null or jsonb_typeof(p_changes) <> 'object' then
    raise exception 'Item changes must be a JSON object' using errcode = '22023';
  end if;
  select it.* into v_old from public.storage_items it where it.item_id = p_item_id for update;
  if not found then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;

  if p_changes ? 'item_name' and coalesce(btrim(p_changes ->> 'item_name'), '') = '' then
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
    insert into public.storage_logs (user_id, action, details)
    values (v_new.user_id, 'update_item',
            format('Updated %s: %s', v_new.item_name, array_to_string(v_parts, ', ')));
  end if;
  return v_new;
end;
$$;

revoke all on function public.add_isle(uuid, integer, text, jsonb) from public, anon;
revoke all on function public.update_item(uuid, jsonb) from public, anon;
grant execute on function public.add_isle(uuid, integer, text, jsonb), public.update_item(uuid, jsonb)
  to authenticated, service_role;

comment on function public.add_isle(uuid, integer, text, jsonb) is
  'Add an isle (number unique in the room) with its first unit, atomically.';
comment on function public.update_item(uuid, jsonb) is
  'Change some fields of an item; logs update_item naming what changed.';
