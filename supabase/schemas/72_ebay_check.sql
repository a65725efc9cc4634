-- eBay against the shelves (issue #41): what the marketplace and the stockroom disagree on.
--
-- ebay_shelf_check() -> one row per finding, read only:
--   kind 'listing'  an active listing still to be put away (ebay_processed_listings, display)
--                   whose SKU is on no shelf: no shelved item has it as SKU or barcode, and no
--                   SKU link (sku_links, by SKU or by title for a listing without one) names a
--                   shelved item. Action: place it (place_listing).
--   kind 'item'     a shelved item no listing of the account matches the same way. Only once
--                   the account has listings (a sync ran and the plan includes listings), or
--                   every item would be one. Action: link it (link_sku) to a listing.
-- Codes are compared as the pick list compares them (src/domain/text-match.ts): trimmed, in any
-- letter case. The listings table's select policy already serves listings only to plans that
-- include them, so on Free both kinds are empty.
create or replace function private.match_key(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(lower(btrim(p_value)), '')
$$;
revoke all on function private.match_key(text) from public;
grant execute on function private.match_key(text) to authenticated, service_role;

create or replace function public.ebay_shelf_check()
returns table (kind text, listing_id text, item_id uuid, title text, sku text, quantity integer, location text)
language sql
stable
set search_path = ''
as $$
  select private.require_role('{owner,manager,picker}'::text[]);
  with listings as (
    select l.listing_id, l.title, l.sku, l.quantity, l.display, l.created_at,
           private.match_key(l.sku) as sku_key,
           -- what a link for this listing is remembered by: its SKU, else its title (pick-list.ts)
           private.match_key(coalesce(nullif(btrim(l.sku), ''), left(btrim(l.title), 100))) as link_key
      from public.ebay_processed_listings l
     where l.account_id = (select private.current_account())
  ), shelved as (
    select it.item_id, it.item_name, it.quantity, it.shelf_id, it.created_at,
           private.match_key(it.sku) as sku_key, private.match_key(it.barcode) as barcode_key, it.sku
      from public.storage_items it
     where it.account_id = (select private.current_account()) and it.shelf_id is not null
  ), links as (
    select private.match_key(k.sku) as link_key, k.item_id
      from public.sku_links k
     where k.account_id = (select private.current_account())
  )
  select 'listing', l.listing_id, null::uuid, l.title, l.sku, l.quantity, null::text
    from listings l
   where l.display
     and not exists (select 1 from shelved s where s.sku_key = l.sku_key or s.barcode_key = l.sku_key)
     and not exists (select 1 from links k join shelved s on s.item_id = k.item_id where k.link_key = l.link_key)
  union all
  select 'item', null, s.item_id, s.item_name, s.sku, s.quantity, private.pick_location(s.shelf_id)
    from shelved s
   where exists (select 1 from listings)
     and not exists (select 1 from listings l where l.sku_key = s.sku_key or l.sku_key = s.barcode_key)
     and not exists (select 1 from links k join listings l on l.link_key = k.link_key where k.item_id = s.item_id)
   order by 1, 4, 2, 3
$$;
comment on function public.ebay_shelf_check() is
  'Active eBay listings whose SKU is on no shelf, and shelved items no listing matches.';
revoke all on function public.ebay_shelf_check() from public, anon;

-- ebay_unpicked_lines(p_days) -> the lines of the account's eBay orders not yet shipped, ordered
-- more than p_days days ago and not picked, oldest first, each with the shelved item it would be
-- picked from (matched like the pick list: a SKU link first, then SKU, then barcode), or none.
-- Elite Seller only: the orders' select policy serves them only to plans with orders.
create or replace function public.ebay_unpicked_lines(p_days integer default 2)
returns table (order_id text, line_item_id text, title text, sku text, quantity integer, ordered_at timestamptz, item_id uuid, item_name text, location text)
language sql
stable
set search_path = ''
as $$
  select private.require_role('{owner,manager,picker}'::text[]);
  select l.order_id, l.line_item_id, l.title, l.sku, l.quantity, o.created_on_ebay,
         it.item_id, it.item_name, private.pick_location(it.shelf_id)
    from public.ebay_order_lines l
    join public.ebay_orders o on o.account_id = l.account_id and o.order_id = l.order_id
    left join lateral (
      select s.item_id, s.item_name, s.shelf_id
        from public.storage_items s
        left join public.sku_links k
          on k.item_id = s.item_id and k.account_id = s.account_id
         and private.match_key(k.sku) = private.match_key(coalesce(nullif(btrim(l.sku), ''), left(btrim(l.title), 100)))
       where s.account_id = l.account_id and s.shelf_id is not null
         and (k.item_id is not null or private.match_key(s.sku) = private.match_key(l.sku)
              or private.match_key(s.barcode) = private.match_key(l.sku))
       order by (k.item_id is null), (private.match_key(s.sku) = private.match_key(l.sku)) is not true, s.created_at
       limit 1
    ) it on true
   where l.account_id = (select private.current_account())
     and l.quantity > 0
     and o.status not in ('FULFILLED', 'CANCELLED')
     and o.created_on_ebay < now() - make_interval(days => greatest(p_days, 0))
     and not exists (select 1 from public.order_picks p
                      where p.account_id = l.account_id and p.order_id = l.order_id
                        and p.line_item_id = l.line_item_id)
   order by o.created_on_ebay, l.order_id, l.position
$$;
comment on function public.ebay_unpicked_lines(integer) is
  'Unshipped eBay order lines older than p_days days and not picked, with the shelved item to pick.';
revoke all on function public.ebay_unpicked_lines(integer) from public, anon;
