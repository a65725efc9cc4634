-- Placing a marketplace listing on a shelf (SPEC 4: "Dropping a marketplace listing on a shelf
-- creates an item, sets the listing's display to false, and removes it from the list").
--
-- One function so both happen or neither: an item without its listing hidden would be placed
-- twice, a hidden listing without its item would be lost. The drop of the drag-and-drop layer
-- and the keyboard/touch "Place on shelf…" dialog both call it.
--
-- SECURITY INVOKER: RLS decides which listing and shelf exist for the caller, so the listing
-- must be the caller's, still shown, and their plan must include listings (the select policy of
-- ebay_processed_listings checks private.plan_allows). The item goes in through add_item, so
-- the item limit trigger, validation and the add_item log line are the same as for any item.

create or replace function public.place_listing(
  p_listing_id text,
  p_shelf_id uuid,
  p_quantity integer default null
)
returns public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_listing public.ebay_processed_listings;
  v_item public.storage_items;
begin
  perform private.caller_id();
  -- Row lock: two drops of the same listing at once make one item, the second finds it placed.
  select l.* into v_listing
    from public.ebay_processed_listings l
   where l.user_id = (select auth.uid()) and l.listing_id = p_listing_id and l.display
   for update;
  if not found then
    raise exception 'Listing not found' using errcode = 'PT404';
  end if;

  v_item := public.add_item(
    p_shelf_id,
    v_listing.title,
    -- a listing with nothing left to sell still has a physical item to put away
    coalesce(p_quantity, greatest(v_listing.quantity, 1)),
    null,
    v_listing.sku,
    null,
    null
  );

  update public.ebay_processed_listings l
     set display = false
   where l.user_id = v_listing.user_id and l.listing_id = v_listing.listing_id;
  return v_item;
end;
$$;
comment on function public.place_listing(text, uuid, integer) is
  'Place a shown marketplace listing on a shelf: add_item (limits, log) and display=false, atomically.';
revoke all on function public.place_listing(text, uuid, integer) from public, anon;
grant execute on function public.place_listing(text, uuid, integer) to authenticated, service_role;
