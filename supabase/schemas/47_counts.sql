-- Counting a shelf (issue #41): the seller says what is really on a shelf, and the database makes
-- the stockroom agree in one step, or refuses when the shelf changed while they counted.
--
-- apply_shelf_count(shelf, expected, found): expected is what the counter's screen showed on the
-- shelf when the count began (item id and quantity, the shelf's fingerprint); found is what they
-- counted. Under the account's storage lock it compares expected with the shelf now and refuses
-- with 'This shelf changed while you counted — count again' (22023), changing nothing, when they
-- differ. Otherwise:
--   - an expected item not found gets quantity 0 and stays on the shelf: 0 means out of stock
--     and the item keeps its place (docs/product.md#items), so its name, codes, price and reorder
--     level are kept, Low Stock lists it, and counting it later where it turns up moves it there;
--   - a found item that sat elsewhere (or nowhere) is moved here with the counted quantity;
--   - a found item whose quantity differs gets the counted quantity.
-- It is one undoable change (50_undo.sql) with one count_shelf log line, and stamps the shelf's
-- last_counted_at / last_counted_by. Who may count: every role, as a count only changes items'
-- quantities and shelves, which pickers may change (10_accounts.sql). It adds no item, so plan
-- limits are untouched.
--
-- The stamp is kept out of the change's captured rows (a shelf renumbered since must not block
-- the count's Undo), but the change remembers the stamp it replaced (private.count_stamps), and
-- Undo puts that back while the shelf still carries this count's stamp (private.undo_count_stamp,
-- in 50_undo.sql after the changes it belongs to).

-- The shelves' last_counted_at / last_counted_by columns are in 30_storage.sql, ahead of the
-- location codes, in the order the columns were added.

-- Only a count writes the stamp: a direct PATCH from the browser keeps the stored one.
create or replace function private.keep_count_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if auth.role() = 'authenticated' and coalesce(current_setting('stockroom.counting', true), '') <> 'on' then
    new.last_counted_at := old.last_counted_at;
    new.last_counted_by := old.last_counted_by;
  end if;
  return new;
end;
$$;
revoke all on function private.keep_count_stamp() from public;

create trigger storage_shelves_keep_count_stamp
  before update on public.storage_shelves
  for each row execute function private.keep_count_stamp();

-- Stamps a counted shelf. security definer: pickers count but may not update shelves.
create or replace function private.stamp_shelf_count(p_shelf_id uuid)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_at timestamptz := now();
begin
  perform set_config('stockroom.counting', 'on', true);
  update public.storage_shelves s
     set last_counted_at = v_at, last_counted_by = auth.uid()
   where s.shelf_id = p_shelf_id and s.account_id = private.current_account();
  perform set_config('stockroom.counting', '', true);
  return v_at;
end;
$$;
revoke all on function private.stamp_shelf_count(uuid) from public;
grant execute on function private.stamp_shelf_count(uuid) to authenticated, service_role;

-- The (item id, quantity) pairs of a JSON array the browser sent, refused (22023) when it is not
-- an array of {item_id, quantity} with whole quantities from 0 and each item once.
create or replace function private.count_lines(p_value jsonb, p_what text)
returns table (item_id uuid, quantity integer)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_row jsonb;
  v_seen uuid[] := '{}';
  v_id uuid;
begin
  perform private.array_length_or_refuse(p_value, p_what);
  for v_row in select e from jsonb_array_elements(p_value) e loop
    if jsonb_typeof(v_row) <> 'object' or jsonb_typeof(v_row -> 'item_id') <> 'string'
       or coalesce((v_row ->> 'item_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', true) then
      raise exception '% must list {item_id, quantity}', p_what using errcode = '22023';
    end if;
    if jsonb_typeof(v_row -> 'quantity') <> 'number'
       or (v_row ->> 'quantity')::numeric <> trunc((v_row ->> 'quantity')::numeric)
       or (v_row ->> 'quantity')::numeric < 0
       or (v_row ->> 'quantity')::numeric > 2147483647 then
      raise exception 'Invalid quantity' using errcode = '22023';
    end if;
    v_id := (v_row ->> 'item_id')::uuid;
    if v_id = any (v_seen) then
      raise exception '% lists an item twice', p_what using errcode = '22023';
    end if;
    v_seen := v_seen || v_id;
    item_id := v_id;
    quantity := (v_row ->> 'quantity')::integer;
    return next;
  end loop;
end;
$$;
revoke all on function private.count_lines(jsonb, text) from public;
grant execute on function private.count_lines(jsonb, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The API
-- ---------------------------------------------------------------------------------------------
-- apply_shelf_count(p_shelf_id, p_expected, p_found) -> {change_id, counted_at, missing, moved,
-- changed}: change_id is the undoable change (null when the count matched and nothing changed).
-- Refusals: 'Invalid location for item' (not the caller's shelf), 'Item not found' (a found item
-- that is not the account's), 'This shelf changed while you counted — count again' (22023).
create or replace function public.apply_shelf_count(p_shelf_id uuid, p_expected jsonb, p_found jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
  v_shelf public.storage_shelves;
  v_change uuid;
  v_at timestamptz;
  v_missing text[];
  v_moved text[];
  v_changed text[];
  v_parts text[] := '{}';
  v_found_count integer;
  v_expected_ids uuid[];
  v_expected_qty integer[];
  v_found_ids uuid[];
  v_found_qty integer[];
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  v_shelf := private.shelf_for_item(p_shelf_id);

  select coalesce(array_agg(c.item_id), '{}'), coalesce(array_agg(c.quantity), '{}')
    into v_expected_ids, v_expected_qty from private.count_lines(p_expected, 'Expected items') c;
  select coalesce(array_agg(c.item_id), '{}'), coalesce(array_agg(c.quantity), '{}')
    into v_found_ids, v_found_qty from private.count_lines(p_found, 'Found items') c;

  -- the items on the shelf and the ones found, locked in one order
  perform 1 from public.storage_items it
   where it.account_id = v_account
     and (it.shelf_id = v_shelf.shelf_id or it.item_id = any (v_found_ids))
   order by it.item_id
     for update;

  select count(*) into v_found_count from public.storage_items it
   where it.account_id = v_account and it.item_id = any (v_found_ids);
  if v_found_count <> cardinality(v_found_ids) then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;

  -- the shelf as the counter saw it, or nothing
  if exists (select it.item_id, it.quantity from public.storage_items it
              where it.shelf_id = v_shelf.shelf_id
             except
             select e.item_id, e.quantity from unnest(v_expected_ids, v_expected_qty) e(item_id, quantity))
     or exists (select e.item_id, e.quantity from unnest(v_expected_ids, v_expected_qty) e(item_id, quantity)
                except
                select it.item_id, it.quantity from public.storage_items it
                 where it.shelf_id = v_shelf.shelf_id) then
    raise exception 'This shelf changed while you counted — count again' using errcode = '22023',
      hint = 'Someone moved or changed items on this shelf since the count began';
  end if;

  v_at := private.stamp_shelf_count(v_shelf.shelf_id);

  select array_agg(it.item_name order by it.item_name) filter (where f.item_id is null and it.quantity <> 0),
         array_agg(it.item_name order by it.item_name) filter (where f.item_id is not null and f.quantity <> it.quantity)
    into v_missing, v_changed
    from public.storage_items it
    left join unnest(v_found_ids, v_found_qty) f(item_id, quantity) on f.item_id = it.item_id
   where it.shelf_id = v_shelf.shelf_id;
  select array_agg(it.item_name order by it.item_name) into v_moved
    from public.storage_items it
    join unnest(v_found_ids, v_found_qty) f(item_id, quantity) on f.item_id = it.item_id
   where it.shelf_id is distinct from v_shelf.shelf_id;

  if coalesce(cardinality(v_missing), 0) + coalesce(cardinality(v_changed), 0) + coalesce(cardinality(v_moved), 0) > 0 then
    v_change := private.begin_undo('count_shelf');
    perform private.remember_count_stamp(v_change, v_shelf.shelf_id, v_at,
                                         v_shelf.last_counted_at, v_shelf.last_counted_by);
    update public.storage_items it set quantity = 0
     where it.shelf_id = v_shelf.shelf_id and it.quantity <> 0
       and not (it.item_id = any (v_found_ids));
    update public.storage_items it
       set quantity = f.quantity, shelf_id = v_shelf.shelf_id, unit_id = v_shelf.unit_id
      from unnest(v_found_ids, v_found_qty) f(item_id, quantity)
     where it.item_id = f.item_id
       and (it.quantity <> f.quantity or it.shelf_id is distinct from v_shelf.shelf_id);
  end if;

  if cardinality(v_missing) > 0 then
    v_parts := v_parts || (format('%s missing', cardinality(v_missing)) || private.item_list(v_missing));
  end if;
  if cardinality(v_moved) > 0 then
    v_parts := v_parts || (format('%s moved here', cardinality(v_moved)) || private.item_list(v_moved));
  end if;
  if cardinality(v_changed) > 0 then
    v_parts := v_parts || (format('%s quantity changed', cardinality(v_changed)) || private.item_list(v_changed));
  end if;
  perform private.log(v_account, 'count_shelf',
          format('Counted %s: ', private.shelf_location(v_shelf.shelf_id))
          || coalesce(nullif(array_to_string(v_parts, '; '), ''), 'as expected'));

  return jsonb_build_object('change_id', v_change, 'counted_at', v_at,
                            'missing', coalesce(cardinality(v_missing), 0),
                            'moved', coalesce(cardinality(v_moved), 0),
                            'changed', coalesce(cardinality(v_changed), 0));
end;
$$;
comment on function public.apply_shelf_count(uuid, jsonb, jsonb) is
  'Apply a shelf count atomically if the shelf is as counted; undoable; logs count_shelf.';
revoke all on function public.apply_shelf_count(uuid, jsonb, jsonb) from public, anon;

-- shelves_not_counted(p_days) -> the caller's shelves never counted or last counted more than
-- p_days days ago, never counted first then oldest, with where they are and how many items they
-- hold.
create or replace function public.shelves_not_counted(p_days integer default 30)
returns table (shelf_id uuid, location text, last_counted_at timestamptz, item_count integer)
language sql
stable
set search_path = ''
as $$
  select private.require_role('{owner,manager,picker}'::text[]);
  select s.shelf_id,
         format('%s › Isle %s › Unit %s › Shelf %s', r.room_name, i.isle_index, u.unit_name, s.shelf_index),
         s.last_counted_at,
         (select count(*)::integer from public.storage_items it where it.shelf_id = s.shelf_id)
    from public.storage_shelves s
    join public.storage_units u on u.unit_id = s.unit_id
    join public.storage_isles i on i.isle_id = u.isle_id
    join public.storage_rooms r on r.room_id = i.room_id
   where s.account_id = (select private.current_account())
     and (s.last_counted_at is null or s.last_counted_at < now() - make_interval(days => greatest(p_days, 0)))
   order by s.last_counted_at nulls first, r.room_index, i.isle_index, u.unit_index, s.shelf_index
$$;
comment on function public.shelves_not_counted(integer) is
  'Shelves never counted or not counted in the last p_days days, never counted first.';
revoke all on function public.shelves_not_counted(integer) from public, anon;
