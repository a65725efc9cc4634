-- Storage operations that touch several rows, as SQL functions so each one is atomic (one
-- transaction per PostgREST call) and writes its storage_logs line in the same transaction.
--
-- All are SECURITY INVOKER: they run as the caller, so RLS still decides which rows exist for
-- them and nothing here can reach another user's data. The owner used for inserts and logs is
-- taken from the row being operated on (which RLS already restricted to the caller), which also
-- lets the service role run them on a user's behalf.
--
-- Called through PostgREST as POST /rest/v1/rpc/<name> with named arguments
-- (supabase.rpc('add_shelf', { p_unit_id })). Executable by authenticated and service_role only.
-- Errors: 'X not found' uses SQLSTATE PT404 (PostgREST answers HTTP 404), validation 22023
-- (400), plan limits P0001 with 'PLAN_LIMIT_REACHED: ...' (400), plan features 42501 (403).

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- 'Garage / Isle 2 / Unit B / Shelf 3' for log lines.
create or replace function private.shelf_location(p_shelf_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select format('%s / Isle %s / Unit %s / Shelf %s', r.room_name, i.isle_index, u.unit_name, s.shelf_index)
    from public.storage_shelves s
    join public.storage_units u on u.unit_id = s.unit_id
    join public.storage_isles i on i.isle_id = u.isle_id
    join public.storage_rooms r on r.room_id = i.room_id
   where s.shelf_id = p_shelf_id
$$;

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
  if p_text is null or btrim(p_text) = '' then
    return null;
  end if;
  return btrim(p_text)::date;
exception when others then
  return null;
end;
$$;

create or replace function private.caller_id()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  return auth.uid();
end;
$$;

-- Renumber a unit's shelves 1..n in their current order. One UPDATE: the deferrable unique
-- constraint is checked at its end, so shifting 3 -> 2 while 2 -> 1 does not collide.
create or replace function private.renumber_shelves(p_unit_id uuid)
returns void
language sql
set search_path = ''
as $$
  update public.storage_shelves s
     set shelf_index = n.rn
    from (select shelf_id, row_number() over (order by shelf_index, created_at) as rn
            from public.storage_shelves where unit_id = p_unit_id) n
   where s.shelf_id = n.shelf_id and s.shelf_index <> n.rn
$$;

create or replace function private.renumber_isles(p_room_id uuid)
returns void
language sql
set search_path = ''
as $$
  update public.storage_isles i
     set isle_index = n.rn
    from (select isle_id, row_number() over (order by isle_index, created_at) as rn
            from public.storage_isles where room_id = p_room_id) n
   where i.isle_id = n.isle_id and i.isle_index <> n.rn
$$;

create or replace function private.renumber_rooms(p_user_id uuid)
returns void
language sql
set search_path = ''
as $$
  update public.storage_rooms r
     set room_index = n.rn
    from (select room_id, row_number() over (order by room_index, created_at) as rn
            from public.storage_rooms where user_id = p_user_id) n
   where r.room_id = n.room_id and r.room_index <> n.rn
$$;

revoke all on function private.shelf_location(uuid) from public;
revoke all on function private.item_list(text[]) from public;
revoke all on function private.to_number(text) from public;
revoke all on function private.try_date(text) from public;
revoke all on function private.caller_id() from public;
revoke all on function private.renumber_shelves(uuid) from public;
revoke all on function private.renumber_isles(uuid) from public;
revoke all on function private.renumber_rooms(uuid) from public;
grant execute on function private.shelf_location(uuid), private.item_list(text[]),
  private.to_number(text), private.try_date(text), private.caller_id(),
  private.renumber_shelves(uuid), private.renumber_isles(uuid), private.renumber_rooms(uuid)
  to authenticated, service_role;
-- import_items reads the caller's plan
grant execute on function private.user_plan(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- add_shelf(p_unit_id) -> the new shelf, numbered with the lowest unused index
-- ---------------------------------------------------------------------------------------------
create or replace function public.add_shelf(p_unit_id uuid)
returns public.storage_shelves
language plpgsql
set search_path = ''
as $$
declare
  v_unit public.storage_units;
  v_shelf public.storage_shelves;
begin
  -- Locking the unit queues concurrent add_shelf calls for it; each then takes a new snapshot
  -- and sees the shelf the previous one committed, so two calls never pick the same number.
  select u.* into v_unit from public.storage_units u where u.unit_id = p_unit_id for update;
  if not found then
    raise exception 'Unit not found' using errcode = 'PT404';
  end if;

  insert into public.storage_shelves (unit_id, user_id)
  values (v_unit.unit_id, v_unit.user_id)
  returning * into v_shelf; -- shelf_index filled by private.fill_shelf_index()

  insert into public.storage_logs (user_id, action, details)
  values (v_unit.user_id, 'add_shelf',
          format('Added shelf %s to unit %s', v_shelf.shelf_index, v_unit.unit_name));
  return v_shelf;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- remove_shelf(p_shelf_id) -> the unit's remaining shelves, renumbered 1..n
-- Items on the removed shelf are removed with it (hard delete, SPEC section 4).
-- ---------------------------------------------------------------------------------------------
create or replace function public.remove_shelf(p_shelf_id uuid)
returns setof public.storage_shelves
language plpgsql
set search_path = ''
as $$
declare
  v_unit public.storage_units;
  v_shelf public.storage_shelves;
  v_items integer;
begin
  -- lock the unit first (same order as add_shelf), then re-read the shelf under the lock
  select u.* into v_unit from public.storage_units u
   where u.unit_id = (select s.unit_id from public.storage_shelves s where s.shelf_id = p_shelf_id)
     for update;
  select s.* into v_shelf from public.storage_shelves s where s.shelf_id = p_shelf_id;
  if v_unit.unit_id is null or v_shelf.shelf_id is null then
    raise exception 'Shelf not found' using errcode = 'PT404';
  end if;

  select count(*) into v_items from public.storage_items i where i.shelf_id = p_shelf_id;
  delete from public.storage_shelves s where s.shelf_id = p_shelf_id;
  perform private.renumber_shelves(v_unit.unit_id);

  insert into public.storage_logs (user_id, action, details)
  values (v_unit.user_id, 'remove_shelf',
          format('Removed shelf %s from unit %s', v_shelf.shelf_index, v_unit.unit_name)
          || case when v_items > 0 then format(' with %s item(s)', v_items) else '' end);

  return query select s.* from public.storage_shelves s
                where s.unit_id = v_unit.unit_id order by s.shelf_index;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- remove_isle(p_isle_id) -> the room's remaining isles, renumbered 1..n
-- ---------------------------------------------------------------------------------------------
create or replace function public.remove_isle(p_isle_id uuid)
returns setof public.storage_isles
language plpgsql
set search_path = ''
as $$
declare
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_units integer;
  v_items integer;
begin
  -- lock order room -> isle -> unit everywhere, so concurrent removals cannot deadlock
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i where i.isle_id = p_isle_id)
     for update;
  select i.* into v_isle from public.storage_isles i where i.isle_id = p_isle_id;
  if v_room.room_id is null or v_isle.isle_id is null then
    raise exception 'Isle not found' using errcode = 'PT404';
  end if;

  select count(*) into v_units from public.storage_units u where u.isle_id = p_isle_id;
  select count(*) into v_items from public.storage_items it
    join public.storage_units u on u.unit_id = it.unit_id where u.isle_id = p_isle_id;

  delete from public.storage_isles i where i.isle_id = p_isle_id; -- units, shelves, items cascade
  perform private.renumber_isles(v_room.room_id);

  insert into public.storage_logs (user_id, action, details)
  values (v_room.user_id, 'remove_isle',
          format('Removed isle %s from room %s with %s unit(s) and %s item(s)',
                 v_isle.isle_index, v_room.room_name, v_units, v_items));

  return query select i.* from public.storage_isles i
                where i.room_id = v_room.room_id order by i.isle_index;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- remove_unit(p_unit_id) -> {unit_id, isle_id, isle_removed, shelves_removed, items_removed}
-- Removes the unit's shelves and items; if it was the isle's last unit the isle goes too and
-- the room's isles are renumbered 1..n (SPEC section 4).
-- ---------------------------------------------------------------------------------------------
create or replace function public.remove_unit(p_unit_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_room public.storage_rooms;
  v_isle public.storage_isles;
  v_unit public.storage_units;
  v_shelves integer;
  v_items integer;
  v_isle_removed boolean := false;
begin
  select r.* into v_room from public.storage_rooms r
   where r.room_id = (select i.room_id from public.storage_isles i
                       where i.isle_id = (select u.isle_id from public.storage_units u where u.unit_id = p_unit_id))
     for update;
  select i.* into v_isle from public.storage_isles i
   where i.isle_id = (select u.isle_id from public.storage_units u where u.unit_id = p_unit_id)
     for update;
  select u.* into v_unit from public.storage_units u where u.unit_id = p_unit_id for update;
  if v_room.room_id is null or v_isle.isle_id is null or v_unit.unit_id is null then
    raise exception 'Unit not found' using errcode = 'PT404';
  end if;

  select count(*) into v_shelves from public.storage_shelves s where s.unit_id = p_unit_id;
  select count(*) into v_items from public.storage_items it where it.unit_id = p_unit_id;

  delete from public.storage_units u where u.unit_id = p_unit_id; -- shelves and items cascade

  if not exists (select 1 from public.storage_units u where u.isle_id = v_isle.isle_id) then
    delete from public.storage_isles i where i.isle_id = v_isle.isle_id;
    perform private.renumber_isles(v_room.room_id);
    v_isle_removed := true;
  end if;

  insert into public.storage_logs (user_id, action, details)
  values (v_unit.user_id, 'remove_unit',
          format('Removed unit %s (%s) from %s / Isle %s with %s shelf(s) and %s item(s)',
                 v_unit.unit_name, v_unit.unit_type, v_room.room_name, v_isle.isle_index, v_shelves, v_items)
          || case when v_isle_removed then format('; isle %s was empty and was removed', v_isle.isle_index)
                  else '' end);

  return jsonb_build_object(
    'unit_id', v_unit.unit_id,
    'isle_id', v_isle.isle_id,
    'isle_removed', v_isle_removed,
    'shelves_removed', v_shelves,
    'items_removed', v_items);
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
  select s.* into v_shelf from public.storage_shelves s where s.shelf_id = p_shelf_id;
  if not found then
    raise exception 'Invalid location for item' using errcode = '22023';
  end if;

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
    insert into public.storage_logs (user_id, action, details)
    values (v_shelf.user_id, 'move_item',
            format('Moved %s item(s) to %s', cardinality(v_names), private.shelf_location(v_shelf.shelf_id))
            || private.item_list(v_names));
  end if;

  return query select it.* from public.storage_items it
                where it.item_id = any (p_item_ids) order by it.created_at desc;
end;
$$;

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
  select s.* into v_shelf from public.storage_shelves s where s.shelf_id = p_shelf_id;
  if not found then
    raise exception 'Invalid location for item' using errcode = '22023';
  end if;
  if p_item_name is null or btrim(p_item_name) = '' then
    raise exception 'Missing item name' using errcode = '22023';
  end if;
  if p_quantity is null or p_quantity <= 0 then
    raise exception 'Invalid quantity' using errcode = '22023';
  end if;

  insert into public.storage_items
    (user_id, item_name, quantity, shelf_id, unit_id, barcode, sku, price_paid, expiry_date)
  values
    (v_shelf.user_id, btrim(p_item_name), p_quantity, v_shelf.shelf_id, v_shelf.unit_id,
     nullif(btrim(p_barcode), ''), nullif(btrim(p_sku), ''), p_price_paid, p_expiry_date)
  returning * into v_item; -- the item limit trigger may refuse with PLAN_LIMIT_REACHED

  insert into public.storage_logs (user_id, action, details)
  values (v_shelf.user_id, 'add_item',
          format('Added %s x %s to %s', v_item.quantity, v_item.item_name, private.shelf_location(v_shelf.shelf_id)));
  return v_item;
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

  insert into public.storage_logs (user_id, action, details)
  values (v_uid, 'remove_item', format('Removed %s item(s)', v_wanted) || private.item_list(v_names));
  return v_wanted;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- update_room(p_room_id, p_room_name) -> the renamed room, logged as update_room
-- ---------------------------------------------------------------------------------------------
create or replace function public.update_room(p_room_id uuid, p_room_name text)
returns public.storage_rooms
language plpgsql
set search_path = ''
as $$
declare
  v_old text;
  v_room public.storage_rooms;
begin
  select r.room_name into v_old from public.storage_rooms r where r.room_id = p_room_id for update;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;
  update public.storage_rooms r set room_name = btrim(p_room_name)
   where r.room_id = p_room_id
  returning * into v_room;
  insert into public.storage_logs (user_id, action, details)
  values (v_room.user_id, 'update_room', format('Renamed room %s to %s', v_old, v_room.room_name));
  return v_room;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- remove_room(p_room_id) -> {room_id, isles_removed, units_removed, items_removed, active_room_id}
-- Removes the room with everything in it, renumbers the user's rooms 1..n and, if the removed
-- room was active and no other room is, activates the first remaining room (SPEC section 4).
-- ---------------------------------------------------------------------------------------------
create or replace function public.remove_room(p_room_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_room public.storage_rooms;
  v_isles integer;
  v_units integer;
  v_items integer;
  v_active uuid;
begin
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;
  -- serialise with room inserts and other removals of this user (renumbering touches all rooms)
  perform private.limit_lock('rooms', v_room.user_id);
  select r.* into v_room from public.storage_rooms r where r.room_id = p_room_id for update;
  if not found then
    raise exception 'Room not found' using errcode = 'PT404';
  end if;

  select count(*) into v_isles from public.storage_isles i where i.room_id = p_room_id;
  select count(*) into v_units from public.storage_units u
    join public.storage_isles i on i.isle_id = u.isle_id where i.room_id = p_room_id;
  select count(*) into v_items from public.storage_items it
    join public.storage_units u on u.unit_id = it.unit_id
    join public.storage_isles i on i.isle_id = u.isle_id where i.room_id = p_room_id;

  delete from public.storage_rooms r where r.room_id = p_room_id; -- isles, units, shelves, items cascade
  perform private.renumber_rooms(v_room.user_id);

  select r.room_id into v_active from public.storage_rooms r
   where r.user_id = v_room.user_id and r.active order by r.room_index limit 1;
  if v_active is null and v_room.active then
    update public.storage_rooms r set active = true
     where r.room_id = (select r2.room_id from public.storage_rooms r2
                         where r2.user_id = v_room.user_id order by r2.room_index limit 1)
    returning r.room_id into v_active;
  end if;

  insert into public.storage_logs (user_id, action, details)
  values (v_room.user_id, 'remove_room',
          format('Removed room %s with %s isle(s), %s unit(s) and %s item(s)',
                 v_room.room_name, v_isles, v_units, v_items));

  return jsonb_build_object(
    'room_id', p_room_id,
    'isles_removed', v_isles,
    'units_removed', v_units,
    'items_removed', v_items,
    'active_room_id', v_active);
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
           nullif(btrim(coalesce(val ->> 'item_name', val ->> 'name')), '') as item_name,
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
         case when r.qty > 0 and r.qty = trunc(r.qty) and r.qty <= 2147483647 then r.qty::integer end,
         r.barcode,
         r.sku,
         private.to_number(r.price_text),
         private.try_date(r.expiry_text),
         coalesce(r.direct_shelf_id, r.named_shelf_id),
         coalesce(r.direct_unit_id, r.named_unit_id),
         case
           when r.item_name is null then 'Missing item name'
           when r.qty is null or r.qty <= 0 or r.qty <> trunc(r.qty) or r.qty > 2147483647 then 'Invalid quantity'
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

create or replace function public.import_items(p_rows jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_plan public.plans;
  v_count integer;
  v_n integer;
  v_rows private.import_row[];
  v_errors text[];
  v_ids uuid[];
  v_names text[];
begin
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'Import rows must be a JSON array' using errcode = '22023';
  end if;
  v_n := jsonb_array_length(p_rows);
  if v_n = 0 then
    return jsonb_build_object('imported', 0, 'item_ids', '[]'::jsonb);
  end if;

  -- The same lock the item limit trigger takes: no concurrent insert can slip in between this
  -- check and the insert below.
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
  insert into public.storage_logs (user_id, action, details)
  values (v_uid, 'import_items', format('Imported %s item(s)', v_n) || private.item_list(v_names));

  return jsonb_build_object('imported', v_n, 'item_ids', to_jsonb(v_ids));
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Backups
-- ---------------------------------------------------------------------------------------------

-- create_backup(p_user_id default caller) -> the new backup row. Snapshots the whole storage
-- tree and drops backups older than 3 days (Help Center: daily backups, 3-day retention).
-- A signed-in user may only back up themselves; the service role (scheduled function) any user.
create or replace function public.create_backup(p_user_id uuid default null)
returns public.backups
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := coalesce(p_user_id, auth.uid());
  v_backup public.backups;
begin
  if v_uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if current_user in ('anon', 'authenticated') and v_uid is distinct from auth.uid() then
    raise exception 'Not allowed to back up another user' using errcode = '42501';
  end if;

  insert into public.backups (user_id, snapshot, item_count)
  select v_uid,
         jsonb_build_object(
           'version', 1,
           'rooms', coalesce((select jsonb_agg(to_jsonb(r) order by r.room_index)
                                from public.storage_rooms r where r.user_id = v_uid), '[]'::jsonb),
           'isles', coalesce((select jsonb_agg(to_jsonb(i) order by i.room_id, i.isle_index)
                                from public.storage_isles i where i.user_id = v_uid), '[]'::jsonb),
           'units', coalesce((select jsonb_agg(to_jsonb(u) order by u.isle_id, u.unit_index)
                                from public.storage_units u where u.user_id = v_uid), '[]'::jsonb),
           'shelves', coalesce((select jsonb_agg(to_jsonb(s) order by s.unit_id, s.shelf_index)
                                  from public.storage_shelves s where s.user_id = v_uid), '[]'::jsonb),
           'items', coalesce((select jsonb_agg(to_jsonb(it) order by it.created_at)
                                from public.storage_items it where it.user_id = v_uid), '[]'::jsonb)),
         (select count(*) from public.storage_items it where it.user_id = v_uid)
  returning * into v_backup;

  delete from public.backups b where b.user_id = v_uid and b.created_at < now() - interval '3 days';
  return v_backup;
end;
$$;

-- restore_backup(p_backup_id) -> {rooms, isles, units, shelves, items} counts restored.
-- Replaces the user's storage with the snapshot, atomically. Power Seller and up (SPEC 6): the
-- plan is read from the server-side profile. Plan limits still apply to the restored rows.
create or replace function public.restore_backup(p_backup_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_backup public.backups;
  v_uid uuid;
  v_snap jsonb;
begin
  select b.* into v_backup from public.backups b where b.backup_id = p_backup_id;
  if not found then
    raise exception 'Backup not found' using errcode = 'PT404';
  end if;
  v_uid := v_backup.user_id;
  if not private.plan_allows(v_uid, 'restore_backup') then
    raise exception using
      errcode = '42501',
      message = 'PLAN_FEATURE_UNAVAILABLE: Restoring a backup requires the Power Seller plan or higher',
      detail = json_build_object('feature', 'restore_backup')::text;
  end if;
  v_snap := v_backup.snapshot;

  perform private.limit_lock('rooms', v_uid);
  delete from public.storage_items it where it.user_id = v_uid;
  delete from public.storage_rooms r where r.user_id = v_uid; -- everything else cascades

  insert into public.storage_rooms
  select (jsonb_populate_record(null::public.storage_rooms, e || jsonb_build_object('user_id', v_uid))).*
    from jsonb_array_elements(coalesce(v_snap -> 'rooms', '[]'::jsonb)) e;
  insert into public.storage_isles
  select (jsonb_populate_record(null::public.storage_isles, e || jsonb_build_object('user_id', v_uid))).*
    from jsonb_array_elements(coalesce(v_snap -> 'isles', '[]'::jsonb)) e;
  insert into public.storage_units
  select (jsonb_populate_record(null::public.storage_units, e || jsonb_build_object('user_id', v_uid))).*
    from jsonb_array_elements(coalesce(v_snap -> 'units', '[]'::jsonb)) e;
  insert into public.storage_shelves
  select (jsonb_populate_record(null::public.storage_shelves, e || jsonb_build_object('user_id', v_uid))).*
    from jsonb_array_elements(coalesce(v_snap -> 'shelves', '[]'::jsonb)) e;
  insert into public.storage_items
  select (jsonb_populate_record(null::public.storage_items, e || jsonb_build_object('user_id', v_uid))).*
    from jsonb_array_elements(coalesce(v_snap -> 'items', '[]'::jsonb)) e;

  return jsonb_build_object(
    'rooms', jsonb_array_length(coalesce(v_snap -> 'rooms', '[]'::jsonb)),
    'isles', jsonb_array_length(coalesce(v_snap -> 'isles', '[]'::jsonb)),
    'units', jsonb_array_length(coalesce(v_snap -> 'units', '[]'::jsonb)),
    'shelves', jsonb_array_length(coalesce(v_snap -> 'shelves', '[]'::jsonb)),
    'items', jsonb_array_length(coalesce(v_snap -> 'items', '[]'::jsonb)));
end;
$$;

-- Service role (scheduled function): back up every user that has storage. Returns the count.
create or replace function public.create_daily_backups()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid;
  v_n integer := 0;
begin
  for v_uid in select distinct r.user_id from public.storage_rooms r loop
    perform public.create_backup(v_uid);
    v_n := v_n + 1;
  end loop;
  return v_n;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Who may call what: the API functions are for signed-in users (and the service role), never
-- anon; create_daily_backups is for the scheduler only.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.add_shelf(uuid) from public, anon;
revoke all on function public.remove_shelf(uuid) from public, anon;
revoke all on function public.remove_isle(uuid) from public, anon;
revoke all on function public.remove_unit(uuid) from public, anon;
revoke all on function public.move_items(uuid[], uuid) from public, anon;
revoke all on function public.add_item(uuid, text, integer, text, text, numeric, date) from public, anon;
revoke all on function public.remove_items(uuid[]) from public, anon;
revoke all on function public.update_room(uuid, text) from public, anon;
revoke all on function public.remove_room(uuid) from public, anon;
revoke all on function public.import_items(jsonb) from public, anon;
revoke all on function public.create_backup(uuid) from public, anon;
revoke all on function public.restore_backup(uuid) from public, anon;
revoke all on function public.create_daily_backups() from public, anon, authenticated;

grant execute on function
  public.add_shelf(uuid),
  public.remove_shelf(uuid),
  public.remove_isle(uuid),
  public.remove_unit(uuid),
  public.move_items(uuid[], uuid),
  public.add_item(uuid, text, integer, text, text, numeric, date),
  public.remove_items(uuid[]),
  public.update_room(uuid, text),
  public.remove_room(uuid),
  public.import_items(jsonb),
  public.create_backup(uuid),
  public.restore_backup(uuid)
  to authenticated, service_role;
grant execute on function public.create_daily_backups() to service_role;

comment on function public.add_shelf(uuid) is 'Add a shelf to a unit at the lowest unused number; logs add_shelf.';
comment on function public.remove_shelf(uuid) is 'Remove a shelf (and its items), renumber the rest 1..n; logs remove_shelf.';
comment on function public.remove_isle(uuid) is 'Remove an isle with its contents, renumber the room''s isles 1..n; logs remove_isle.';
comment on function public.remove_unit(uuid) is 'Remove a unit with its shelves and items, and its isle if it was the last unit; logs remove_unit.';
comment on function public.move_items(uuid[], uuid) is 'Move items to a shelf of the caller; logs move_item.';
comment on function public.add_item(uuid, text, integer, text, text, numeric, date) is 'Add one item to a shelf; logs add_item.';
comment on function public.remove_items(uuid[]) is 'Remove items, all or none; logs remove_item.';
comment on function public.update_room(uuid, text) is 'Rename a room; logs update_room.';
comment on function public.remove_room(uuid) is 'Remove a room with its contents, renumber rooms 1..n; logs remove_room.';
comment on function public.import_items(jsonb) is 'Import rows all-or-nothing with plan limit and row validation; logs import_items.';
comment on function public.create_backup(uuid) is 'Snapshot the caller''s storage into backups; keeps 3 days.';
comment on function public.restore_backup(uuid) is 'Replace the caller''s storage with a backup (Power Seller and up).';
comment on function public.create_daily_backups() is 'Service role: back up every user with storage.';
