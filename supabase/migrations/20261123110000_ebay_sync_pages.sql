-- eBay as production behaves (issue 19): syncs that run page by page across function calls,
-- the refresh token's expiry, and where the inventory list came from. Written to apply on top
-- of the earlier migrations (add column if not exists, create table if not exists).

-- The refresh token's end (eBay's refresh_token_expires_in, about 18 months after consent), so
-- the seller is warned before eBay asks for consent again. Readable by the browser like
-- expires_at: it says when, not what.
alter table public.ebay_tokens add column if not exists refresh_expires_at timestamptz;
grant select (refresh_expires_at) on table public.ebay_tokens to authenticated;

-- The start of the last sync that saw the listing: a complete sync removes the shown listings
-- it did not see, an incomplete one removes nothing.
alter table public.ebay_processed_listings add column if not exists seen_at timestamptz;

-- 'inventory' when the list came from the Sell Inventory API; 'listings' when that API held
-- nothing and the list was taken from the seller's active listings (sellers who list on the
-- eBay website or with Trading-API tools have no inventory items until they migrate).
alter table public.ebay_inventory add column if not exists source text not null default 'inventory';
alter table public.ebay_inventory drop constraint if exists ebay_inventory_source_check;
alter table public.ebay_inventory add constraint ebay_inventory_source_check
  check (source in ('inventory', 'listings'));

-- A sync under way, one per seller and kind. Each function call reads a few eBay pages within
-- its time budget and records where to go on; the browser calls again until it is done.
-- Server only (service role): the browser sees progress through the functions' answers.
create table if not exists public.ebay_syncs (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('inventory', 'listings')),
  started_at timestamptz not null default now(),
  -- 'inventory' reads the Sell Inventory API; 'listings' reads Trading's active list.
  phase text not null default 'inventory' check (phase in ('inventory', 'listings')),
  next_page integer not null default 1 check (next_page >= 1),
  total_pages integer check (total_pages >= 0),
  total_entries integer check (total_entries >= 0),
  fetched integer not null default 0 check (fetched >= 0),
  -- false once any page came back truncated or with Ack=Warning
  complete boolean not null default true,
  -- inventory entries gathered so far (the listings sync writes its rows as it goes)
  items jsonb not null default '[]'::jsonb check (jsonb_typeof(items) = 'array'),
  updated_at timestamptz not null default now(),
  primary key (user_id, kind)
);
comment on table public.ebay_syncs is
  'eBay syncs under way, page by page across function calls. Service role only.';

alter table public.ebay_syncs enable row level security;
revoke all on table public.ebay_syncs from anon, authenticated;
grant all on table public.ebay_syncs to service_role;
