-- Marketplace (eBay) integration and server-side rate limits.
--
-- Secrets: the browser may store and delete its marketplace tokens (the OAuth callback hands
-- them over) and may ask whether it is connected and until when, but it can never read
-- access_token or refresh_token back: those columns are not granted for SELECT to
-- authenticated. The Netlify functions read them with the service role.

-- ---------------------------------------------------------------------------------------------
-- ebay_tokens: one row per user
-- ---------------------------------------------------------------------------------------------
create table public.ebay_tokens (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  -- eBay's user tokens run to about 2,500 characters
  access_token text not null constraint "Access token: at most 8192 characters" check (length(access_token) <= 8192),
  refresh_token text constraint "Refresh token: at most 8192 characters" check (length(refresh_token) <= 8192),
  expires_at timestamptz,
  -- the refresh token's end (eBay's refresh_token_expires_in, about 18 months after consent),
  -- so the seller is warned before eBay asks for consent again
  refresh_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.ebay_tokens is
  'Marketplace OAuth tokens, one row per user. Tokens are write-only for the browser; functions read them as service_role.';

select private.add_row_triggers('public.ebay_tokens', array['set_updated_at', 'keep_owner', 'server_stamps']);

revoke all on table public.ebay_tokens from anon, authenticated;
-- column privileges: readable = connection status only
grant select (user_id, expires_at, refresh_expires_at, created_at, updated_at) on table public.ebay_tokens to authenticated;
grant insert (user_id, access_token, refresh_token, expires_at) on table public.ebay_tokens to authenticated;
-- user_id is included because PostgREST's upsert SETs every payload column; keep_owner and the
-- policy stop it from ever changing.
grant update (user_id, access_token, refresh_token, expires_at) on table public.ebay_tokens to authenticated;
grant delete on table public.ebay_tokens to authenticated;
grant all on table public.ebay_tokens to service_role;

select private.own_rows('public.ebay_tokens', p_grant => false);

-- Store (or replace) the caller's marketplace tokens. PostgREST's upsert cannot do this for the
-- browser: INSERT .. ON CONFLICT DO UPDATE SET col = EXCLUDED.col needs SELECT on col, which is
-- exactly what the browser must not have. security definer so it can replace the row; it only
-- ever writes the caller's own row (auth.uid()) and returns nothing secret.
-- Supabase's linter (splinter 0029, "signed-in users can execute a SECURITY DEFINER function")
-- reports it; that is deliberate and safe: it is the browser's only way to store its tokens, it
-- takes no user id (auth.uid() only, refused without one), writes one row of one table, reads
-- nothing back but its own argument, runs with an empty search_path, and the two-factor write
-- guard on ebay_tokens still refuses a password-only session. Making it SECURITY INVOKER would
-- need SELECT on the token columns for the browser, the very thing the column grants withhold.
create or replace function public.save_ebay_tokens(
  p_access_token text,
  p_refresh_token text default null,
  p_expires_at timestamptz default null
)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_access_token is null or btrim(p_access_token) = '' then
    raise exception 'Missing access token' using errcode = '22023';
  end if;
  insert into public.ebay_tokens (user_id, access_token, refresh_token, expires_at)
  values (v_uid, p_access_token, p_refresh_token, p_expires_at)
  on conflict (user_id) do update
     set access_token = excluded.access_token,
         refresh_token = coalesce(excluded.refresh_token, public.ebay_tokens.refresh_token),
         expires_at = excluded.expires_at;
  return p_expires_at;
end;
$$;
comment on function public.save_ebay_tokens(text, text, timestamptz) is
  'Store or replace the caller''s marketplace tokens (write-only for the browser); returns expires_at.';
revoke all on function public.save_ebay_tokens(text, text, timestamptz) from public, anon;
grant execute on function public.save_ebay_tokens(text, text, timestamptz) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- ebay_processed_listings: listings fetched by the server; the browser shows display = true
-- ones and hides a listing once it was dropped on a shelf. Plan-gated (growing and up).
-- ---------------------------------------------------------------------------------------------
create table public.ebay_processed_listings (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  listing_id text not null constraint "Listing id: at most 100 characters" check (length(listing_id) <= 100),
  title text not null default '' constraint "Listing title: at most 500 characters" check (length(title) <= 500),
  quantity integer not null default 1 check (quantity >= 0),
  image_url text constraint "Listing image URL: at most 2000 characters" check (length(image_url) <= 2000),
  sku text constraint "Listing SKU: at most 100 characters" check (length(sku) <= 100),
  display boolean not null default true,
  -- the start of the last sync that saw the listing: a complete sync removes the shown listings
  -- it did not see, an incomplete one removes nothing
  seen_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, listing_id)
);
comment on table public.ebay_processed_listings is
  'Marketplace listings per user, written by the server; display=false once placed on a shelf. Growing plan and up.';

create index ebay_processed_listings_display_idx
  on public.ebay_processed_listings (user_id, created_at desc) where display;

select private.add_row_triggers('public.ebay_processed_listings', array['set_updated_at', 'keep_owner']);
create trigger ebay_processed_listings_row_cap
  after insert on public.ebay_processed_listings
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('marketplace listings', 0, 1, 0);

alter table public.ebay_processed_listings enable row level security;
revoke all on table public.ebay_processed_listings from anon, authenticated;
-- the browser reads and hides listings; the server (service_role) inserts and deletes them
grant select on table public.ebay_processed_listings to authenticated;
grant update (display) on table public.ebay_processed_listings to authenticated;
grant all on table public.ebay_processed_listings to service_role;

-- SPEC section 6: free has no marketplace listings. Served only when the plan allows it.
create policy ebay_processed_listings_select on public.ebay_processed_listings for select to authenticated
  using (user_id = (select auth.uid())
         and (select private.plan_allows((select auth.uid()), 'listings')));
create policy ebay_processed_listings_update on public.ebay_processed_listings for update to authenticated
  using (user_id = (select auth.uid())
         and (select private.plan_allows((select auth.uid()), 'listings')))
  with check (user_id = (select auth.uid()));
select private.require_mfa('public.ebay_processed_listings');

-- ---------------------------------------------------------------------------------------------
-- ebay_inventory: the cached marketplace inventory list, one row per user. Written only by the
-- server (ebay-get-inventory, service role); the browser reads it and may clear it.
-- ---------------------------------------------------------------------------------------------
create table public.ebay_inventory (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  -- array of inventory entries as returned by ebay-get-inventory
  inventory jsonb not null default '[]'::jsonb check (jsonb_typeof(inventory) = 'array')
    constraint "Marketplace inventory: at most 2 MB" check (octet_length(inventory::text) <= 2000000),
  total_items integer not null default 0 check (total_items >= 0),
  -- 'inventory' when the list came from the Sell Inventory API; 'listings' when that API held
  -- nothing and it was taken from the active listings (sellers who list on the eBay website)
  source text not null default 'inventory'
    constraint ebay_inventory_source_check check (source in ('inventory', 'listings')),
  fetched_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.ebay_inventory is
  'Cached marketplace inventory list per user (refreshed at most every 8 minutes).';

select private.add_row_triggers('public.ebay_inventory', array['set_updated_at', 'keep_owner']);

select private.own_rows('public.ebay_inventory', array['select', 'delete']);

-- ---------------------------------------------------------------------------------------------
-- ebay_syncs: a sync under way, one per seller and kind. Each function call reads a few eBay
-- pages within its time budget and records where to go on; the browser calls again until done.
-- Server only: the browser sees progress through the functions' answers.
-- ---------------------------------------------------------------------------------------------
create table public.ebay_syncs (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('inventory', 'listings')),
  started_at timestamptz not null default now(),
  -- 'inventory' reads the Sell Inventory API; 'listings' reads Trading's active list
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

select private.add_row_triggers('public.ebay_syncs', array['set_updated_at']);

alter table public.ebay_syncs enable row level security;
revoke all on table public.ebay_syncs from anon, authenticated;
grant all on table public.ebay_syncs to service_role;
select private.require_mfa('public.ebay_syncs');

-- ---------------------------------------------------------------------------------------------
-- api_rate_limits: last marketplace fetch per endpoint and user. Written only by the server
-- (public.hit_rate_limit); the browser may read its own rows to say 'Please wait N minutes'.
-- ---------------------------------------------------------------------------------------------
create table public.api_rate_limits (
  endpoint text not null check (length(endpoint) between 1 and 100),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  last_request timestamptz not null default now(),
  request_count integer not null default 1 check (request_count >= 0),
  primary key (endpoint, user_id)
);
comment on table public.api_rate_limits is
  'Marketplace fetch rate limits per endpoint and user. Server-written; users read their own.';

create index api_rate_limits_user_idx on public.api_rate_limits (user_id);

select private.own_rows('public.api_rate_limits', array['select']);
-- no insert/update/delete for authenticated: a client must not reset its own limit

-- Records a request for (user, endpoint) if at least p_min_interval_seconds passed since the
-- last recorded one, atomically (one INSERT .. ON CONFLICT with a row lock). Returns whether the
-- request is allowed and, if not, how long to wait. Service role only (Netlify functions).
create or replace function public.hit_rate_limit(p_user_id uuid, p_endpoint text, p_min_interval_seconds integer)
returns table (allowed boolean, retry_after_seconds integer, last_request timestamptz)
language plpgsql
set search_path = ''
as $$
declare
  v_last timestamptz;
begin
  insert into public.api_rate_limits as r (endpoint, user_id, last_request, request_count)
  values (p_endpoint, p_user_id, now(), 1)
  on conflict (endpoint, user_id) do update
     set last_request = now(), request_count = r.request_count + 1
   where r.last_request <= now() - make_interval(secs => p_min_interval_seconds)
  returning r.last_request into v_last;

  if found then
    return query select true, 0, v_last;
    return;
  end if;

  select r.last_request into v_last
    from public.api_rate_limits r where r.endpoint = p_endpoint and r.user_id = p_user_id;
  return query select false,
    greatest(1, ceil(extract(epoch from (v_last + make_interval(secs => p_min_interval_seconds) - now())))::integer),
    v_last;
end;
$$;
select private.service_role_only('public.hit_rate_limit(uuid, text, integer)',
  'Service role: record a marketplace fetch if the minimum interval passed; returns allowed, retry_after_seconds, last_request.');

-- The marketplace token for a purpose, only if the user's plan includes it: 'listings' (growing
-- and up), 'orders' (elite), 'inventory' (any plan). This is where plan-gated marketplace data is
-- refused in SQL: without the token the functions cannot fetch it. Service role only.
create or replace function public.get_ebay_token(p_user_id uuid, p_purpose text)
returns table (access_token text, refresh_token text, expires_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_purpose in ('listings', 'orders') and not private.plan_allows(p_user_id, p_purpose) then
    raise exception using
      errcode = '42501',
      message = 'PLAN_FEATURE_UNAVAILABLE: ' || case p_purpose
        when 'orders' then 'Marketplace orders require the Elite Seller plan'
        else 'Marketplace listings require the Growing Seller plan or higher' end,
      detail = json_build_object('feature', p_purpose)::text;
  elsif p_purpose not in ('listings', 'orders', 'inventory') then
    raise exception 'Unknown purpose %', p_purpose using errcode = '22023';
  end if;
  return query
    select t.access_token, t.refresh_token, t.expires_at
      from public.ebay_tokens t where t.user_id = p_user_id;
  if not found then
    raise exception 'No eBay token found' using errcode = 'PT404';
  end if;
end;
$$;
select private.service_role_only('public.get_ebay_token(uuid, text)',
  'Service role: the user''s marketplace tokens for listings/orders/inventory, refused below the plan that includes it.');

-- ---------------------------------------------------------------------------------------------
-- place_listing(p_listing_id, p_shelf_id, p_quantity) -> the new item
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
-- ---------------------------------------------------------------------------------------------

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
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
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
