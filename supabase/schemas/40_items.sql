-- Items: what a seller keeps on the shelves of 30_storage.sql, and every operation on them:
-- adding, editing, moving, removing, scanning, barcodes and low stock (importing:
-- 45_import.sql). Same conventions as the storage functions: SECURITY INVOKER, RLS decides what
-- the caller sees, 'not found' is PT404, validation 22023, plan limits P0001
-- 'PLAN_LIMIT_REACHED: ...', plan features 42501 'PLAN_FEATURE_UNAVAILABLE: ...'.

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

-- What a picker may change of an item that exists (docs/product.md#team): its quantity (adjust,
-- scan, pick, unpick) and its place (shelf_id and the unit_id derived from it: move, put away).
-- Its name, barcode, SKU, price paid, expiry date, reorder level and every other column are the
-- owner's and the managers' to change. A picker still adds new items (add_item, scans, placing a
-- listing), with whatever details the new item has. Every path that changes an item is an
-- UPDATE of this table (a PATCH, update_item, add_scanned_items, move_items, pick_order_line,
-- unpick_order_line, undo_change; import and assign_barcodes are not a picker's at all), so one
-- statement trigger holds the rule for all of them: it compares each row before and after,
-- whatever the column, and refuses the whole statement (42501) when a picker changed more.
create or replace function private.refuse_picker_item_details()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- one look at the role per statement; owners, managers and the service role pay nothing more
  if private.acting_role() is distinct from 'picker' then
    return null;
  end if;
  if exists (
       select 1
         from old_rows o
         full join new_rows n on n.item_id = o.item_id
        where o.item_id is null or n.item_id is null
           or (to_jsonb(o) - array['quantity', 'shelf_id', 'unit_id', 'updated_at'])
              is distinct from (to_jsonb(n) - array['quantity', 'shelf_id', 'unit_id', 'updated_at'])) then
    raise exception 'A picker can change only an item''s quantity and shelf' using errcode = '42501',
      hint = 'Ask the account''s owner or a manager';
  end if;
  return null;
end;
$$;
revoke all on function private.refuse_picker_item_details() from public;

create table public.storage_items (
  item_id uuid primary key default gen_random_uuid(),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  item_name text not null
    constraint "Item name: 1 to 500 characters, not all blank"
    check (private.has_visible_text(item_name) and length(btrim(item_name)) between 1 and 500),
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
  -- null means "no reorder level" (the item is only flagged at 0)
  reorder_level integer
    constraint "Reorder level: a whole number from 0 to 1000000"
    check (reorder_level between 0 and 1000000),
  constraint storage_items_unit_fkey foreign key (unit_id, account_id)
    references public.storage_units (unit_id, account_id) on delete cascade,
  -- the shelf must be the caller's and belong to the item's unit; follows a shelf if it moves
  constraint storage_items_shelf_fkey foreign key (shelf_id, unit_id, account_id)
    references public.storage_shelves (shelf_id, unit_id, account_id) on delete cascade on update cascade,
  -- with MATCH SIMPLE a null unit_id would silently skip the shelf check
  constraint storage_items_shelf_needs_unit check (shelf_id is null or unit_id is not null),
  constraint storage_items_item_id_account_id_key unique (item_id, account_id)
);
comment on table public.storage_items is
  'Items on shelves. unit_id is derived from shelf_id. Counted against the plan''s item limit.';
comment on column public.storage_items.reorder_level is
  'Optional: the item is low on stock when its quantity is at or below this (0: out of stock).';

create index storage_items_barcode_trgm_idx on public.storage_items using gin (barcode extensions.gin_trgm_ops);
create index storage_items_expiry_idx on public.storage_items (account_id, expiry_date) where expiry_date is not null;
-- The low-stock check reads only these rows, however big the inventory.
create index storage_items_low_stock_idx on public.storage_items (account_id)
  where quantity = 0 or reorder_level is not null;
create index storage_items_name_trgm_idx on public.storage_items using gin (item_name extensions.gin_trgm_ops);
-- by shelf and by unit, in the columns of their foreign keys so the keys' checks and cascades
-- use them too (Supabase's linter: unindexed foreign keys)
create index storage_items_shelf_idx on public.storage_items (shelf_id, unit_id, account_id);
create index storage_items_unit_idx on public.storage_items (unit_id, account_id);
create index storage_items_account_barcode_idx on public.storage_items (account_id, barcode) where barcode is not null;
-- The app's queries: newest first per account (paged 1000), by shelf, by unit, barcode lookups,
-- and case-insensitive substring search on name or barcode (trigram indexes serve ILIKE '%x%').
create index storage_items_account_created_idx on public.storage_items (account_id, created_at desc);

alter table public.storage_items enable row level security;
revoke all on table public.storage_items from anon, authenticated;
grant select, insert, update, delete on table public.storage_items to authenticated;

create policy storage_items_select on public.storage_items
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy storage_items_insert on public.storage_items
  for insert to authenticated
  with check (account_id = (select private.current_account()));
create policy storage_items_update on public.storage_items
  for update to authenticated
  using (account_id = (select private.current_account()))
  with check (account_id = (select private.current_account()));
create policy storage_items_delete on public.storage_items
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner,manager}')));
create policy require_mfa_select on public.storage_items as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.storage_items as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.storage_items as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.storage_items as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.storage_items
  for each statement execute function private.refuse_writes_without_mfa();
create trigger storage_items_derive_unit before insert or update on public.storage_items
  for each row execute function private.derive_item_unit();
create trigger storage_items_keep_account
  before update on public.storage_items
  for each row execute function private.keep_account();
create trigger storage_items_lock_storage
  before insert or update or delete on public.storage_items
  for each statement execute function private.lock_storage_for_statement();
-- The item limit (docs/product.md#plans): the same statement-level check as the room and unit
-- limits.
create trigger storage_items_plan_limit
  after insert on public.storage_items
  referencing new table as new_rows
  for each statement execute function private.enforce_plan_limit('items');
create trigger storage_items_picker_changes
  after update on public.storage_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.refuse_picker_item_details();
create trigger storage_items_server_stamps
  before insert or update on public.storage_items
  for each row execute function private.stamp_server_columns();
create trigger storage_items_set_updated_at
  before update on public.storage_items
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------
-- Log lines name the items only for batches of 20 or fewer (docs/product.md#activity-log).
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
revoke all on function private.item_list(text[]) from public;
grant execute on function private.item_list(text[]) to authenticated, service_role;

-- Lenient number parsing for imported cells ('5', ' 5 ', 5); null when not a number.
create or replace function private.to_number(p_text text)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case when btrim(p_text) ~ '^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$' then btrim(p_text)::numeric end
$$;
revoke all on function private.to_number(text) from public;
grant execute on function private.to_number(text) to authenticated, service_role;

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
revoke all on function private.try_date(text) from public;
grant execute on function private.try_date(text) to authenticated, service_role;

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
create or replace function private.check_item_limit(p_account_id uuid, p_adding integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.plans;
  v_count integer;
begin
  perform private.limit_lock('items', p_account_id);
  v_plan := private.account_plan(p_account_id);
  select count(*) into v_count from public.storage_items it where it.account_id = p_account_id;
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

-- ---------------------------------------------------------------------------------------------
-- The API
-- ---------------------------------------------------------------------------------------------
-- add_item(..., p_reorder_level) -> the new item on the given shelf, logged as add_item.
-- Callers passing seven arguments (place_listing) get no reorder level.
create or replace function public.add_item(p_shelf_id uuid, p_item_name text, p_quantity integer default 1, p_barcode text default NULL::text, p_sku text default NULL::text, p_price_paid numeric default NULL::numeric, p_expiry_date date default NULL::date, p_reorder_level integer default NULL::integer)
returns public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
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
    (account_id, item_name, quantity, shelf_id, unit_id, barcode, sku, price_paid, expiry_date, reorder_level)
  values
    (v_shelf.account_id, btrim(p_item_name), p_quantity, v_shelf.shelf_id, v_shelf.unit_id,
     nullif(btrim(p_barcode), ''), nullif(btrim(p_sku), ''), p_price_paid, p_expiry_date, p_reorder_level)
  returning * into v_item; -- the item limit trigger may refuse with PLAN_LIMIT_REACHED

  perform private.log(v_shelf.account_id, 'add_item',
          format('Added %s x %s to %s', v_item.quantity, v_item.item_name, private.shelf_location(v_shelf.shelf_id)));
  return v_item;
end;
$$;
comment on function public.add_item(uuid, text, integer, text, text, numeric, date, integer) is
  'Add one item to a shelf; logs add_item.';
revoke all on function public.add_item(uuid, text, integer, text, text, numeric, date, integer) from public, anon;

-- update_item(p_item_id, p_changes) -> the updated item, logged as update_item
-- p_changes holds only the fields to change: item_name, quantity, barcode, sku, price_paid,
-- expiry_date (YYYY-MM-DD), reorder_level (a whole number from 0 to 1000000; null clears it).
-- Blank barcode/sku/price/expiry clear them. The log line names what changed ('Updated Teapot:
-- quantity 3 → 4', 'reorder level - → 3'); nothing changed writes no log line.
create or replace function public.update_item(p_item_id uuid, p_changes jsonb)
returns public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
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
    perform private.log(v_new.account_id, 'update_item',
            format('Updated %s: %s', v_new.item_name, array_to_string(v_parts, ', ')));
  end if;
  return v_new;
end;
$$;
comment on function public.update_item(uuid, jsonb) is
  'Change some fields of an item; logs update_item naming what changed.';
revoke all on function public.update_item(uuid, jsonb) from public, anon;

-- move_items(p_item_ids, p_shelf_id) -> the moved items; undoable (50_undo.sql)
-- 'Invalid location for item' unless the shelf is the caller's; 'Item not found' unless every
-- item is. Items already on the shelf are left alone (dropping on the same shelf does nothing).
--
-- The undoable functions (move_items, remove_items, remove_shelf, remove_isle, remove_unit,
-- remove_room) each open their change first with private.begin_undo(). remove_unit and
-- remove_room also return it ('change_id'); for the others the client reads its newest change
-- of that action from undo_changes.
create or replace function public.move_items(p_item_ids uuid[], p_shelf_id uuid)
returns setof public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
  v_shelf public.storage_shelves;
  v_wanted integer;
  v_found integer;
  v_names text[];
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.begin_undo('move_items');
  v_shelf := private.shelf_for_item(p_shelf_id);

  select count(distinct x) into v_wanted from unnest(p_item_ids) as x where x is not null;
  if v_wanted = 0 then
    return;
  end if;
  -- lock the items so a concurrent move or delete cannot interleave
  perform 1 from public.storage_items it
   where it.item_id = any (p_item_ids) and it.account_id = v_shelf.account_id
   order by it.item_id
     for update;
  select count(*) into v_found from public.storage_items it
   where it.item_id = any (p_item_ids) and it.account_id = v_shelf.account_id;
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
    perform private.log(v_shelf.account_id, 'move_item',
            format('Moved %s item(s) to %s', cardinality(v_names), private.shelf_location(v_shelf.shelf_id))
            || private.item_list(v_names));
  end if;

  return query select it.* from public.storage_items it
                where it.item_id = any (p_item_ids) order by it.created_at desc;
end;
$$;
comment on function public.move_items(uuid[], uuid) is
  'Move items to a shelf of the caller; logs move_item.';
revoke all on function public.move_items(uuid[], uuid) from public, anon;

-- remove_items(p_item_ids) -> number removed; all or nothing ('Item not found'); undoable
create or replace function public.remove_items(p_item_ids uuid[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_wanted integer;
  v_names text[];
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.begin_undo('remove_items');
  select count(distinct x) into v_wanted from unnest(p_item_ids) as x where x is not null;
  if v_wanted = 0 then
    return 0;
  end if;
  with gone as (
    delete from public.storage_items it
     where it.item_id = any (p_item_ids) and it.account_id = v_account
    returning it.item_name, it.created_at
  )
  select array_agg(g.item_name order by g.created_at desc) into v_names from gone g;
  if coalesce(cardinality(v_names), 0) <> v_wanted then
    raise exception 'Item not found' using errcode = 'PT404'; -- undoes the delete
  end if;

  perform private.log(v_account, 'remove_item', format('Removed %s item(s)', v_wanted) || private.item_list(v_names));
  return v_wanted;
end;
$$;
comment on function public.remove_items(uuid[]) is 'Remove items, all or none; logs remove_item.';
revoke all on function public.remove_items(uuid[]) from public, anon;

-- low_stock_items() -> the caller's items out of stock (quantity 0) or at or below their reorder
-- level, with where they sit ('Garage › Isle 1 › Unit A › Shelf 2'), fewest left first. Read
-- only, so it logs nothing; RLS (security invoker) shows each seller only their own items.
create or replace function public.low_stock_items()
returns table (item_id uuid, item_name text, quantity integer, reorder_level integer, shelf_id uuid, location text, out_of_stock boolean)
language sql
stable
set search_path = ''
as $$
  select private.require_role('{owner,manager,picker}'::text[]);
  select it.item_id, it.item_name, it.quantity, it.reorder_level, it.shelf_id,
         coalesce(format('%s › Isle %s › Unit %s › Shelf %s', r.room_name, i.isle_index, u.unit_name, s.shelf_index),
                  'No shelf') as location,
         it.quantity = 0 as out_of_stock
    from public.storage_items it
    left join public.storage_shelves s on s.shelf_id = it.shelf_id
    left join public.storage_units u on u.unit_id = s.unit_id
    left join public.storage_isles i on i.isle_id = u.isle_id
    left join public.storage_rooms r on r.room_id = i.room_id
   where it.account_id = (select private.current_account())
     and it.active
     and (it.quantity = 0 or it.quantity <= it.reorder_level)
   order by it.quantity, it.reorder_level desc nulls last, it.item_name, it.item_id
$$;
comment on function public.low_stock_items() is
  'Items out of stock or at or below their reorder level, with their location, fewest left first.';
revoke all on function public.low_stock_items() from public, anon;

-- ---------------------------------------------------------------------------------------------
-- Scanning and barcodes
-- ---------------------------------------------------------------------------------------------
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
revoke all on function private.gs1_check_digit(text) from public;
grant execute on function private.gs1_check_digit(text) to authenticated, service_role;

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
revoke all on function private.scanned_rows(jsonb) from public;
grant execute on function private.scanned_rows(jsonb) to authenticated, service_role;

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

-- add_scanned_items(p_shelf_id, p_items) -> {added, increased, item_ids}
-- p_items is an array of objects {barcode, item_name?, quantity?, item_id?}: what the seller
-- scanned, in scan order. All or none: the plan feature is checked first, then the shelf, the
-- codes (blank or scanned twice in one batch: 'This item has already been scanned'), then the
-- item limit with import_items' wording. A scan without a name takes the name of the seller's
-- item that already carries the code (barcode lookup, case-insensitive as the product's barcode
-- search), else 'Scanned item <code>', so the seller can tell scanned items apart and rename
-- them later.
-- A scan may carry item_id: "add to that item". Such a scan raises that item's quantity by its
-- quantity (default 1) where the item is; the item must be the caller's ('Item not found',
-- PT404, refuses the whole batch). Only new items count against the plan. item_ids lists, in
-- scan order, the item each scan went to (new or raised).
-- Boilerplate: the item calls share a declaration (caller id, counts, jsonb result); what each
-- checks and inserts differs.
create or replace function public.add_scanned_items(p_shelf_id uuid, p_items jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
  v_shelf public.storage_shelves;
  v_n integer;
  v_new integer;
  v_raised integer;
  v_bad text;
  v_ids uuid[];
  v_names text[];
  v_raised_names text[];
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if not private.plan_allows(v_account, 'barcode_scanning') then
    raise exception using
      errcode = '42501',
      message = 'PLAN_FEATURE_UNAVAILABLE: Barcode scanning requires the Power Seller plan or higher',
      detail = json_build_object('feature', 'barcode_scanning')::text;
  end if;

  select s.* into v_shelf from public.storage_shelves s where s.shelf_id = p_shelf_id;
  if not found or v_shelf.account_id <> v_account then
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

  -- every "add to that item" names an item of the caller (RLS hides the rest; account_id says so too)
  if exists (select 1 from private.scan_targets(p_items) t
              where t.item_id is not null
                and not exists (select 1 from public.storage_items it
                                 where it.item_id = t.item_id and it.account_id = v_account)) then
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
    perform private.check_item_limit(v_account, v_new);
  end if;

  -- created_at steps by a microsecond per scan so "newest first" keeps the scan order stable
  perform private.keep_stamps();
  with named as (
    select r.ord, r.barcode, coalesce(r.quantity, 1) as quantity,
           coalesce(r.item_name,
                    (select it.item_name from public.storage_items it
                      where it.account_id = v_account and lower(it.barcode) = lower(r.barcode)
                      order by it.created_at desc limit 1),
                    'Scanned item ' || r.barcode) as item_name
      from private.scanned_rows(p_items) r
      join private.scan_targets(p_items) t on t.ord = r.ord
     where t.item_id is null
  ),
  ins as (
    insert into public.storage_items (account_id, item_name, quantity, barcode, shelf_id, unit_id, created_at)
    select v_account, n.item_name, n.quantity, n.barcode, v_shelf.shelf_id, v_shelf.unit_id,
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
     where t.item_id is not null and it.item_id = t.item_id and it.account_id = v_account
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
    perform private.log(v_account, 'add_item',
            format('Added %s scanned item(s) to %s', v_new, private.shelf_location(v_shelf.shelf_id))
            || private.item_list(v_names));
  end if;
  if v_raised > 0 then
    perform private.log(v_account, 'update_item',
            format('Raised the quantity of %s scanned item(s)', v_raised)
            || private.item_list(v_raised_names));
  end if;

  return jsonb_build_object('added', v_new, 'increased', v_raised, 'item_ids', to_jsonb(v_ids));
end;
$$;
comment on function public.add_scanned_items(uuid, jsonb) is
  'Add scanned items to a shelf, or raise the quantity of the caller''s item a scan names (item_id), all or none, within the item limit (Power Seller and up); logs add_item / update_item.';
revoke all on function public.add_scanned_items(uuid, jsonb) from public, anon;

-- assign_barcodes(p_item_ids) -> the items, each now with a barcode
-- Items that have none get a new EAN-13 starting with 2 (GS1's in-store range, never a real
-- product's) with a valid check digit, unique among all the seller's codes. Items that already
-- have a code keep it. All or none ('Item not found' unless every item is the caller's).
-- Not plan-gated: printing labels is for every plan; only scanning them in bulk is Power+.
create or replace function public.assign_barcodes(p_item_ids uuid[])
returns setof public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager}'::text[]);
  v_wanted integer;
  v_found integer;
  v_item public.storage_items;
  v_body text;
  v_code text;
  v_names text[] := '{}';
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  select count(distinct x) into v_wanted from unnest(p_item_ids) as x where x is not null;
  if v_wanted = 0 then
    return;
  end if;
  -- One generator per seller at a time: two concurrent calls must not both pick a free code.
  perform pg_advisory_xact_lock(hashtextextended('stockroom.barcode.' || v_account::text, 0));

  select count(*) into v_found from public.storage_items it
   where it.item_id = any (p_item_ids) and it.account_id = v_account;
  if v_found <> v_wanted or array_position(p_item_ids, null) is not null then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;

  for v_item in
    select it.* from public.storage_items it
     where it.item_id = any (p_item_ids) and it.account_id = v_account
       and coalesce(btrim(it.barcode), '') = ''
     order by it.created_at, it.item_id
       for update
  loop
    loop
      v_body := '2' || lpad((floor(random() * 100000000000))::bigint::text, 11, '0');
      v_code := v_body || private.gs1_check_digit(v_body)::text;
      exit when not exists (select 1 from public.storage_items it
                             where it.account_id = v_account and lower(it.barcode) = v_code);
    end loop;
    update public.storage_items it set barcode = v_code where it.item_id = v_item.item_id;
    v_names := v_names || v_item.item_name;
  end loop;

  if cardinality(v_names) > 0 then
    perform private.log(v_account, 'update_item',
            format('Gave %s item(s) a new barcode', cardinality(v_names)) || private.item_list(v_names));
  end if;

  return query select it.* from public.storage_items it
                where it.item_id = any (p_item_ids) and it.account_id = v_account
                order by it.created_at desc;
end;
$$;
comment on function public.assign_barcodes(uuid[]) is
  'Give items without a barcode a generated EAN-13 unique per seller; logs update_item.';
revoke all on function public.assign_barcodes(uuid[]) from public, anon;
