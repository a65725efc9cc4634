-- Picking (issue 25, point 6): the lines of the seller's eBay orders are marked picked on the
-- eBay Orders screen. Picking takes the ordered quantity off the item's shelf; unpicking puts it
-- back. Both are logged and both happen in one transaction with the pick mark, so a line is
-- never picked without its stock going down, nor twice.
--
-- An order line whose SKU matches no item can be linked to an item; the link is remembered by
-- SKU in sku_links (not by writing the item's own sku): the item may already carry the seller's
-- own SKU, or a barcode used as one, and a link must not overwrite it; a separate row also says
-- where the match came from and goes with the item when the item is removed.
-- Same conventions as the other migrations: SECURITY INVOKER, RLS decides what the caller sees,
-- 'not found' PT404, validation 22023, plan features 42501 'PLAN_FEATURE_UNAVAILABLE: ...'.

-- ---------------------------------------------------------------------------------------------
-- order_picks: one row per picked order line
-- ---------------------------------------------------------------------------------------------
create table public.order_picks (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  order_id text not null
    constraint "Order id: 1 to 100 characters" check (length(order_id) between 1 and 100),
  line_item_id text not null
    constraint "Line item id: 1 to 100 characters" check (length(line_item_id) between 1 and 100),
  -- the item the quantity came off; null once that item was removed (nothing to put back)
  item_id uuid,
  -- kept so the log and an unpick can name what was picked after the item is gone
  item_name text not null default ''
    constraint "Picked item name: at most 500 characters" check (length(item_name) <= 500),
  quantity integer not null constraint "Picked quantity: 1 or more" check (quantity >= 1),
  picked_at timestamptz not null default now(),
  primary key (user_id, order_id, line_item_id),
  constraint order_picks_item_fkey foreign key (item_id, user_id)
    references public.storage_items (item_id, user_id) on delete set null (item_id)
);
comment on table public.order_picks is
  'Picked eBay order lines per seller (the quantity taken off the item). Written by pick_order_line and unpick_order_line.';

create index order_picks_item_idx on public.order_picks (item_id, user_id) where item_id is not null;
create index order_picks_user_picked_idx on public.order_picks (user_id, picked_at);

select private.add_row_triggers('public.order_picks', array['keep_owner']);
-- eBay shows orders of the last 90 days; picks older than 180 days are pruned by
-- pick_order_line, and the cap stops the REST API from growing the table without end.
create trigger order_picks_row_cap
  after insert on public.order_picks
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('picked order lines', 1000, 2, 0);

-- The browser reads its picks; the functions (security invoker) insert and delete them. Direct
-- inserts and deletes are the seller's own rows only (RLS), like every other table.
select private.own_rows('public.order_picks', array['select', 'insert', 'delete']);

-- ---------------------------------------------------------------------------------------------
-- sku_links: an order SKU the seller linked to one of their items
-- ---------------------------------------------------------------------------------------------
create table public.sku_links (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  sku text not null
    constraint "SKU: 1 to 100 characters" check (length(btrim(sku)) between 1 and 100),
  item_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, sku),
  constraint sku_links_item_fkey foreign key (item_id, user_id)
    references public.storage_items (item_id, user_id) on delete cascade
);
comment on table public.sku_links is
  'Marketplace SKUs linked by the seller to an item, so later orders with that SKU find it.';

create index sku_links_item_idx on public.sku_links (item_id, user_id);

select private.add_row_triggers('public.sku_links', array['keep_owner']);
create trigger sku_links_row_cap
  after insert on public.sku_links
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('linked SKUs', 0, 1, 0);

select private.own_rows('public.sku_links', array['select', 'insert', 'update', 'delete']);

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- 'Garage › Isle 2 › Unit A › Shelf 3' (the screen's way of naming a place), or null.
create or replace function private.pick_location(p_shelf_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select replace(private.shelf_location(p_shelf_id), ' / ', ' › ')
$$;
revoke all on function private.pick_location(uuid) from public;
grant execute on function private.pick_location(uuid) to authenticated, service_role;

create or replace function private.check_order_line(p_order_id text, p_line_item_id text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(length(btrim(p_order_id)), 0) not between 1 and 100 then
    raise exception 'Invalid order id' using errcode = '22023';
  end if;
  if coalesce(length(btrim(p_line_item_id)), 0) not between 1 and 100 then
    raise exception 'Invalid order line' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.check_order_line(text, text) from public;
grant execute on function private.check_order_line(text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- pick_order_line(order, line, item, quantity) -> the pick
-- Marks the line picked and takes the quantity off the item, logged as pick_order_line
-- ('Picked 2 × Blue mug for order 12-345 from Garage › Isle 1 › Unit A › Shelf 2'). Refused:
-- a line already picked, an item that is gone (PT404) or holds fewer than the line needs.
-- The quantity goes down by a plain UPDATE of storage_items, so an undo layer can wrap it.
-- ---------------------------------------------------------------------------------------------
create or replace function public.pick_order_line(
  p_order_id text,
  p_line_item_id text,
  p_item_id uuid,
  p_quantity integer
)
returns public.order_picks
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_item public.storage_items;
  v_pick public.order_picks;
  v_where text;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if not private.plan_allows(v_uid, 'orders') then
    raise exception using
      errcode = '42501',
      message = 'PLAN_FEATURE_UNAVAILABLE: Picking eBay orders requires the Elite Seller plan',
      detail = json_build_object('feature', 'orders')::text;
  end if;
  perform private.check_order_line(p_order_id, p_line_item_id);
  if p_quantity is null or p_quantity < 1 then
    raise exception 'Invalid quantity' using errcode = '22023';
  end if;

  select it.* into v_item from public.storage_items it
   where it.item_id = p_item_id and it.user_id = v_uid
     for update;
  if not found then
    raise exception 'Item not found: it may have been removed' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.order_picks p
              where p.user_id = v_uid and p.order_id = btrim(p_order_id)
                and p.line_item_id = btrim(p_line_item_id)) then
    raise exception 'This order line is already picked' using errcode = '22023';
  end if;
  if v_item.quantity < p_quantity then
    raise exception using
      errcode = '22023',
      message = format('Only %s × %s on the shelf; the order needs %s', v_item.quantity,
                       v_item.item_name, p_quantity),
      detail = json_build_object('available', v_item.quantity, 'needed', p_quantity)::text;
  end if;

  update public.storage_items it
     set quantity = it.quantity - p_quantity
   where it.item_id = v_item.item_id;

  -- orders older than eBay's 90 days are not shown again: their picks may go
  delete from public.order_picks p
   where p.user_id = v_uid and p.picked_at < now() - interval '180 days';

  insert into public.order_picks (user_id, order_id, line_item_id, item_id, item_name, quantity)
  values (v_uid, btrim(p_order_id), btrim(p_line_item_id), v_item.item_id, v_item.item_name, p_quantity)
  returning * into v_pick;

  v_where := private.pick_location(v_item.shelf_id);
  perform private.log(v_uid, 'pick_order_line',
          format('Picked %s × %s for order %s', p_quantity, v_item.item_name, v_pick.order_id)
          || coalesce(' from ' || v_where, ''));
  return v_pick;
end;
$$;
comment on function public.pick_order_line(text, text, uuid, integer) is
  'Mark an eBay order line picked and take its quantity off the item, atomically and logged.';
revoke all on function public.pick_order_line(text, text, uuid, integer) from public, anon;
grant execute on function public.pick_order_line(text, text, uuid, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- unpick_order_line(order, line) -> the item the quantity went back to (null when it is gone)
-- Reverses pick_order_line, logged as unpick_order_line.
-- ---------------------------------------------------------------------------------------------
create or replace function public.unpick_order_line(p_order_id text, p_line_item_id text)
returns public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_pick public.order_picks;
  v_item public.storage_items;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.check_order_line(p_order_id, p_line_item_id);
  delete from public.order_picks p
   where p.user_id = v_uid and p.order_id = btrim(p_order_id)
     and p.line_item_id = btrim(p_line_item_id)
  returning * into v_pick;
  if not found then
    raise exception 'This order line is not picked' using errcode = 'PT404';
  end if;

  if v_pick.item_id is not null then
    update public.storage_items it
       set quantity = least(it.quantity::bigint + v_pick.quantity, 2147483647)::integer
     where it.item_id = v_pick.item_id and it.user_id = v_uid
    returning * into v_item;
  end if;

  perform private.log(v_uid, 'unpick_order_line',
          case when v_item.item_id is null
               then format('Unpicked %s × %s for order %s (the item was removed, nothing put back)',
                           v_pick.quantity, v_pick.item_name, v_pick.order_id)
               else format('Unpicked %s × %s for order %s', v_pick.quantity, v_item.item_name, v_pick.order_id)
                    || coalesce(', back on ' || private.pick_location(v_item.shelf_id), '')
          end);
  return v_item;
end;
$$;
comment on function public.unpick_order_line(text, text) is
  'Reverse pick_order_line: the line is no longer picked and its quantity goes back to the item, logged.';
revoke all on function public.unpick_order_line(text, text) from public, anon;
grant execute on function public.unpick_order_line(text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- link_sku(sku, item) -> the link; a later order with that SKU finds the item. Linking a SKU
-- again moves it to the new item. Logged as link_sku.
-- ---------------------------------------------------------------------------------------------
create or replace function public.link_sku(p_sku text, p_item_id uuid)
returns public.sku_links
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := private.caller_id();
  v_item public.storage_items;
  v_link public.sku_links;
begin
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if coalesce(length(btrim(p_sku)), 0) not between 1 and 100 then
    raise exception 'Invalid SKU' using errcode = '22023';
  end if;
  select it.* into v_item from public.storage_items it
   where it.item_id = p_item_id and it.user_id = v_uid;
  if not found then
    raise exception 'Item not found: it may have been removed' using errcode = 'PT404';
  end if;

  insert into public.sku_links (user_id, sku, item_id)
  values (v_uid, btrim(p_sku), v_item.item_id)
  on conflict (user_id, sku) do update set item_id = excluded.item_id, created_at = now()
  returning * into v_link;

  perform private.log(v_uid, 'link_sku', format('Linked SKU %s to %s', v_link.sku, v_item.item_name));
  return v_link;
end;
$$;
comment on function public.link_sku(text, uuid) is
  'Remember that a marketplace SKU is one of the seller''s items (orders with it find the item), logged.';
revoke all on function public.link_sku(text, uuid) from public, anon;
grant execute on function public.link_sku(text, uuid) to authenticated, service_role;

-- A second device sees picks and links as they happen (issue 22's live sync).
do $$
declare
  t text;
begin
  foreach t in array array['order_picks', 'sku_links'] loop
    execute format('alter table public.%I replica identity full', t);
    if exists (select 1 from pg_publication where pubname = 'supabase_realtime')
       and not exists (
      select 1 from pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
