-- Marketplace (eBay) integration, server-side rate limits, and picking the eBay orders.
--
-- Secrets: the owner's browser may store and delete its marketplace tokens (the OAuth callback
-- hands them over) and may ask whether it is connected and until when, but it can never read
-- access_token or refresh_token back: those columns are not granted for SELECT to
-- authenticated. The Netlify functions read them with the service role.

-- ---------------------------------------------------------------------------------------------
-- ebay_tokens: one row per account (its owner's connection, used by every member's orders)
-- ---------------------------------------------------------------------------------------------
create table public.ebay_tokens (
  account_id uuid primary key default private.current_account() references public.accounts (id) on delete cascade,
  -- eBay's user tokens run to about 2,500 characters
  access_token text not null constraint "Access token: at most 8192 characters" check (length(access_token) <= 8192),
  refresh_token text constraint "Refresh token: at most 8192 characters" check (length(refresh_token) <= 8192),
  expires_at timestamptz,
  -- the refresh token's end (eBay's refresh_token_expires_in, about 18 months after consent),
  -- so the seller is warned before eBay asks for consent again
  refresh_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the eBay user the owner connected (Trading GetUser's UserID at connect time), so every
  -- member can be told whose eBay account the stockroom reads; null when eBay did not say
  ebay_user text constraint "eBay user: at most 100 characters" check (length(ebay_user) <= 100)
);
comment on table public.ebay_tokens is
  'Marketplace OAuth tokens, one row per account. Tokens are write-only for the browser; functions read them as service_role.';

alter table public.ebay_tokens enable row level security;
revoke all on table public.ebay_tokens from anon, authenticated;
-- column privileges: readable = connection status only
grant select (account_id, expires_at, refresh_expires_at, ebay_user, created_at, updated_at) on table public.ebay_tokens to authenticated;
grant insert (account_id, access_token, refresh_token, expires_at) on table public.ebay_tokens to authenticated;
-- account_id is included because PostgREST's upsert SETs every payload column; keep_account and the
-- policy stop it from ever changing.
grant update (account_id, access_token, refresh_token, expires_at) on table public.ebay_tokens to authenticated;
grant delete on table public.ebay_tokens to authenticated;

create policy ebay_tokens_select on public.ebay_tokens
  for select to authenticated
  using (account_id = (select private.current_account_for('{owner}')));
create policy ebay_tokens_insert on public.ebay_tokens
  for insert to authenticated
  with check (account_id = (select private.current_account_for('{owner}')));
create policy ebay_tokens_update on public.ebay_tokens
  for update to authenticated
  using (account_id = (select private.current_account_for('{owner}')))
  with check (account_id = (select private.current_account_for('{owner}')));
create policy ebay_tokens_delete on public.ebay_tokens
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner}')));
create policy require_mfa_select on public.ebay_tokens as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.ebay_tokens as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.ebay_tokens as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.ebay_tokens as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger ebay_tokens_keep_account
  before update on public.ebay_tokens
  for each row execute function private.keep_account();
create trigger ebay_tokens_server_stamps
  before insert or update on public.ebay_tokens
  for each row execute function private.stamp_server_columns();
create trigger ebay_tokens_set_updated_at
  before update on public.ebay_tokens
  for each row execute function private.set_updated_at();
create trigger require_mfa_for_writes
  before insert or update or delete on public.ebay_tokens
  for each statement execute function private.refuse_writes_without_mfa();

-- Store (or replace) the marketplace tokens of the caller's account; owner only. PostgREST's
-- upsert cannot do this for the browser: INSERT .. ON CONFLICT DO UPDATE SET col = EXCLUDED.col
-- needs SELECT on col, which is exactly what the browser must not have. security definer so it
-- can replace the row; it only ever writes the row of the account the caller owns and acts on
-- (private.require_role) and returns nothing secret.
-- Linter: authenticated_security_definer_function_executable public.save_ebay_tokens: deliberate
-- and safe: it is the browser's only way to store its tokens, it takes no account id (the
-- caller's own, refused without one), writes one row of one table, reads nothing back but its
-- own argument, runs with an empty search_path, and the two-factor write
-- guard on ebay_tokens still refuses a password-only session. Making it SECURITY INVOKER would
-- need SELECT on the token columns for the browser, the very thing the column grants withhold.
create or replace function public.save_ebay_tokens(p_access_token text, p_refresh_token text default NULL::text, p_expires_at timestamp with time zone default NULL::timestamp with time zone)
returns timestamp with time zone
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner}'::text[]);
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_access_token is null or btrim(p_access_token) = '' then
    raise exception 'Missing access token' using errcode = '22023';
  end if;
  insert into public.ebay_tokens (account_id, access_token, refresh_token, expires_at)
  values (v_account, p_access_token, p_refresh_token, p_expires_at)
  on conflict (account_id) do update
     set access_token = excluded.access_token,
         refresh_token = coalesce(excluded.refresh_token, public.ebay_tokens.refresh_token),
         expires_at = excluded.expires_at;
  return p_expires_at;
end;
$$;
comment on function public.save_ebay_tokens(text, text, timestamp with time zone) is
  'Store or replace the caller''s marketplace tokens (write-only for the browser); returns expires_at.';
revoke all on function public.save_ebay_tokens(text, text, timestamp with time zone) from public, anon;

-- ---------------------------------------------------------------------------------------------
-- ebay_processed_listings: listings fetched by the server; the browser shows display = true
-- ones and hides a listing once it was dropped on a shelf. Plan-gated (growing and up).
-- ---------------------------------------------------------------------------------------------
create table public.ebay_processed_listings (
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
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
  primary key (account_id, listing_id)
);
comment on table public.ebay_processed_listings is
  'Marketplace listings per account, written by the server; display=false once placed on a shelf. Growing plan and up.';

create index ebay_processed_listings_display_idx
  on public.ebay_processed_listings (account_id, created_at desc) where display;

alter table public.ebay_processed_listings enable row level security;
revoke all on table public.ebay_processed_listings from anon, authenticated;
grant select on table public.ebay_processed_listings to authenticated;
grant update (display) on table public.ebay_processed_listings to authenticated;

-- Free has no marketplace listings (docs/product.md#plans). Served only when the plan allows it.
-- Every member sees them (placing one is putting stock away).
create policy ebay_processed_listings_select on public.ebay_processed_listings for select to authenticated
  using (account_id = (select private.current_account())
         and (select private.plan_allows((select private.current_account()), 'listings')));
create policy ebay_processed_listings_update on public.ebay_processed_listings for update to authenticated
  using (account_id = (select private.current_account())
         and (select private.plan_allows((select private.current_account()), 'listings')))
  with check (account_id = (select private.current_account()));
create policy require_mfa_select on public.ebay_processed_listings as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.ebay_processed_listings as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.ebay_processed_listings as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.ebay_processed_listings as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger ebay_processed_listings_keep_account
  before update on public.ebay_processed_listings
  for each row execute function private.keep_account();
create trigger ebay_processed_listings_row_cap
  after insert on public.ebay_processed_listings
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('marketplace listings', 0, 1, 0);
create trigger ebay_processed_listings_set_updated_at
  before update on public.ebay_processed_listings
  for each row execute function private.set_updated_at();
create trigger require_mfa_for_writes
  before insert or update or delete on public.ebay_processed_listings
  for each statement execute function private.refuse_writes_without_mfa();

-- ---------------------------------------------------------------------------------------------
-- ebay_inventory: the cached marketplace inventory list, one row per account. Written only by the
-- server (ebay-get-inventory, service role); the browser reads it and may clear it.
-- ---------------------------------------------------------------------------------------------
create table public.ebay_inventory (
  account_id uuid primary key default private.current_account() references public.accounts (id) on delete cascade,
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
  'Cached marketplace inventory list per account (refreshed at most every 8 minutes).';

alter table public.ebay_inventory enable row level security;
revoke all on table public.ebay_inventory from anon, authenticated;
grant select, delete on table public.ebay_inventory to authenticated;

create policy ebay_inventory_select on public.ebay_inventory
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy ebay_inventory_delete on public.ebay_inventory
  for delete to authenticated
  using (account_id = (select private.current_account_for('{owner}')));
create policy require_mfa_select on public.ebay_inventory as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.ebay_inventory as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.ebay_inventory as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.ebay_inventory as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger ebay_inventory_keep_account
  before update on public.ebay_inventory
  for each row execute function private.keep_account();
create trigger ebay_inventory_set_updated_at
  before update on public.ebay_inventory
  for each row execute function private.set_updated_at();
create trigger require_mfa_for_writes
  before insert or update or delete on public.ebay_inventory
  for each statement execute function private.refuse_writes_without_mfa();

-- ---------------------------------------------------------------------------------------------
-- ebay_syncs: a sync under way, one per seller and kind. Each function call reads a few eBay
-- pages within its time budget and records where to go on; the browser calls again until done.
-- Server only: the browser sees progress through the functions' answers.
-- ---------------------------------------------------------------------------------------------
create table public.ebay_syncs (
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
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
  -- eBay's link to the next Sell Inventory page (its `next`: that API's offset is a page number,
  -- so pages are followed by eBay's link); null before the first page and in the listings phase
  next_href text check (next_href ~ '^https?://'),
  primary key (account_id, kind)
);
comment on table public.ebay_syncs is
  'eBay syncs under way, page by page across function calls. Service role only.';

alter table public.ebay_syncs enable row level security;
revoke all on table public.ebay_syncs from anon, authenticated;

create policy require_mfa_select on public.ebay_syncs as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.ebay_syncs as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.ebay_syncs as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.ebay_syncs as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger ebay_syncs_set_updated_at
  before update on public.ebay_syncs
  for each row execute function private.set_updated_at();
create trigger require_mfa_for_writes
  before insert or update or delete on public.ebay_syncs
  for each statement execute function private.refuse_writes_without_mfa();

-- ---------------------------------------------------------------------------------------------
-- api_rate_limits: last marketplace fetch per endpoint and account. Written only by the server
-- (public.hit_rate_limit); the browser may read its own rows to say 'Please wait N minutes'.
-- ---------------------------------------------------------------------------------------------
create table public.api_rate_limits (
  endpoint text not null check (length(endpoint) between 1 and 100),
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  last_request timestamptz not null default now(),
  request_count integer not null default 1 check (request_count >= 0),
  primary key (endpoint, account_id)
);
comment on table public.api_rate_limits is
  'Marketplace fetch rate limits per endpoint and account. Server-written; the account''s owner reads them.';

create index api_rate_limits_account_idx on public.api_rate_limits (account_id);

alter table public.api_rate_limits enable row level security;
revoke all on table public.api_rate_limits from anon, authenticated;
grant select on table public.api_rate_limits to authenticated;

create policy api_rate_limits_select on public.api_rate_limits
  for select to authenticated
  using (account_id = (select private.current_account_for('{owner}')));
create policy require_mfa_select on public.api_rate_limits as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.api_rate_limits as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.api_rate_limits as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.api_rate_limits as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

-- no insert/update/delete for authenticated: a client must not reset its own limit

create trigger require_mfa_for_writes
  before insert or update or delete on public.api_rate_limits
  for each statement execute function private.refuse_writes_without_mfa();

-- Records a request for (account, endpoint) if at least p_min_interval_seconds passed since the
-- last recorded one, atomically (one INSERT .. ON CONFLICT with a row lock). Returns whether the
-- request is allowed and, if not, how long to wait. Service role only (Netlify functions).
create or replace function public.hit_rate_limit(p_account_id uuid, p_endpoint text, p_min_interval_seconds integer)
returns table (allowed boolean, retry_after_seconds integer, last_request timestamp with time zone)
language plpgsql
set search_path = ''
as $$
declare
  v_last timestamptz;
begin
  insert into public.api_rate_limits as r (endpoint, account_id, last_request, request_count)
  values (p_endpoint, p_account_id, now(), 1)
  on conflict (endpoint, account_id) do update
     set last_request = now(), request_count = r.request_count + 1
   where r.last_request <= now() - make_interval(secs => p_min_interval_seconds)
  returning r.last_request into v_last;

  if found then
    return query select true, 0, v_last;
    return;
  end if;

  select r.last_request into v_last
    from public.api_rate_limits r where r.endpoint = p_endpoint and r.account_id = p_account_id;
  return query select false,
    greatest(1, ceil(extract(epoch from (v_last + make_interval(secs => p_min_interval_seconds) - now())))::integer),
    v_last;
end;
$$;
comment on function public.hit_rate_limit(uuid, text, integer) is
  'Service role: record a marketplace fetch if the minimum interval passed; returns allowed, retry_after_seconds, last_request.';
revoke all on function public.hit_rate_limit(uuid, text, integer) from public, anon, authenticated;

-- The marketplace token for a purpose, only if the account's plan includes it: 'listings' (growing
-- and up), 'orders' (elite), 'inventory' (any plan). This is where plan-gated marketplace data is
-- refused in SQL: without the token the functions cannot fetch it. Service role only.
create or replace function public.get_ebay_token(p_account_id uuid, p_purpose text)
returns table (access_token text, refresh_token text, expires_at timestamp with time zone)
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_purpose in ('listings', 'orders') and not private.plan_allows(p_account_id, p_purpose) then
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
      from public.ebay_tokens t where t.account_id = p_account_id;
  if not found then
    raise exception 'No eBay token found' using errcode = 'PT404';
  end if;
end;
$$;
comment on function public.get_ebay_token(uuid, text) is
  'Service role: the account''s marketplace tokens for listings/orders/inventory, refused below the plan that includes it.';
revoke all on function public.get_ebay_token(uuid, text) from public, anon, authenticated;

-- place_listing(p_listing_id, p_shelf_id, p_quantity) -> the new item
-- Placing a marketplace listing on a shelf (docs/product.md#ebay): dropping it on a shelf creates
-- an item, sets the listing's display to false, and removes it from the list.
--
-- One function so both happen or neither: an item without its listing hidden would be placed
-- twice, a hidden listing without its item would be lost. The drop of the drag-and-drop layer
-- and the keyboard/touch "Place on shelf…" dialog both call it.
--
-- SECURITY INVOKER: RLS decides which listing and shelf exist for the caller, so the listing
-- must be the caller's, still shown, and their plan must include listings (the select policy of
-- ebay_processed_listings checks private.plan_allows). The item goes in through add_item, so
-- the item limit trigger, validation and the add_item log line are the same as for any item.
create or replace function public.place_listing(p_listing_id text, p_shelf_id uuid, p_quantity integer default NULL::integer)
returns public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
  v_listing public.ebay_processed_listings;
  v_item public.storage_items;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  -- Row lock: two drops of the same listing at once make one item, the second finds it placed.
  select l.* into v_listing
    from public.ebay_processed_listings l
   where l.account_id = v_account and l.listing_id = p_listing_id and l.display
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
   where l.account_id = v_listing.account_id and l.listing_id = v_listing.listing_id;
  return v_item;
end;
$$;
comment on function public.place_listing(text, uuid, integer) is
  'Place a shown marketplace listing on a shelf: add_item (limits, log) and display=false, atomically.';
revoke all on function public.place_listing(text, uuid, integer) from public, anon;

-- ---------------------------------------------------------------------------------------------
-- Picking (issue 25, point 6): the lines of the account's eBay orders are marked picked on the
-- eBay Orders screen. Picking takes the ordered quantity off the item's shelf; unpicking puts it
-- back. Both are logged and both happen in one transaction with the pick mark, so a line is
-- never picked without its stock going down, nor twice.
--
-- An order line whose SKU matches no item can be linked to an item; the link is remembered by
-- SKU in sku_links (not by writing the item's own sku): the item may already carry the seller's
-- own SKU, or a barcode used as one, and a link must not overwrite it; a separate row also says
-- where the match came from and goes with the item when the item is removed.
-- Same conventions as the other domains: SECURITY INVOKER, RLS decides what the caller sees,
-- 'not found' PT404, validation 22023, plan features 42501 'PLAN_FEATURE_UNAVAILABLE: ...'.
-- ---------------------------------------------------------------------------------------------

-- ---------------------------------------------------------------------------------------------
-- order_picks: one row per picked order line
-- ---------------------------------------------------------------------------------------------
create table public.order_picks (
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
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
  primary key (account_id, order_id, line_item_id),
  constraint order_picks_item_fkey foreign key (item_id, account_id)
    references public.storage_items (item_id, account_id) on delete set null (item_id)
);
comment on table public.order_picks is
  'Picked eBay order lines per seller (the quantity taken off the item). Written by pick_order_line and unpick_order_line.';

create index order_picks_item_idx on public.order_picks (item_id, account_id) where item_id is not null;
create index order_picks_account_picked_idx on public.order_picks (account_id, picked_at);

alter table public.order_picks enable row level security;
revoke all on table public.order_picks from anon, authenticated;
grant select, insert, delete on table public.order_picks to authenticated;

-- Whether this transaction is pick_order_line's or unpick_order_line's: the flag they set with
-- set_config, which the API cannot reach. A function of its own so the policies below read it
-- once per statement as (select private.picking()), with nothing left to run per row
-- (docs/architecture.md#security, "Linted like Supabase": auth_rls_initplan).
create or replace function private.picking()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('stockroom.picking', true), '') = 'on'
$$;
revoke all on function private.picking() from public;
grant execute on function private.picking() to authenticated, service_role;

-- The browser reads its picks; the functions (security invoker) insert and delete them, and only
-- they: the insert and delete policies also need the flag pick_order_line / unpick_order_line
-- set for their transaction, read once per statement like the account.
create policy order_picks_select on public.order_picks
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy order_picks_insert on public.order_picks
  for insert to authenticated
  with check (account_id = (select private.current_account()) and (select private.picking()));
create policy order_picks_delete on public.order_picks
  for delete to authenticated
  using (account_id = (select private.current_account()) and (select private.picking()));
create policy require_mfa_select on public.order_picks as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.order_picks as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.order_picks as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.order_picks as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger order_picks_keep_account
  before update on public.order_picks
  for each row execute function private.keep_account();
-- eBay shows orders of the last 90 days; picks older than 180 days are pruned by
-- pick_order_line, and the cap stops the REST API from growing the table without end.
create trigger order_picks_row_cap
  after insert on public.order_picks
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('picked order lines', 1000, 2, 0);
create trigger require_mfa_for_writes
  before insert or update or delete on public.order_picks
  for each statement execute function private.refuse_writes_without_mfa();

-- ---------------------------------------------------------------------------------------------
-- sku_links: an order SKU the seller linked to one of their items
-- ---------------------------------------------------------------------------------------------
create table public.sku_links (
  account_id uuid not null default private.current_account() references public.accounts (id) on delete cascade,
  sku text not null
    constraint "SKU: 1 to 100 characters" check (length(btrim(sku)) between 1 and 100),
  item_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (account_id, sku),
  constraint sku_links_item_fkey foreign key (item_id, account_id)
    references public.storage_items (item_id, account_id) on delete cascade
);
comment on table public.sku_links is
  'Marketplace SKUs linked by the seller to an item, so later orders with that SKU find it.';

create index sku_links_item_idx on public.sku_links (item_id, account_id);

alter table public.sku_links enable row level security;
revoke all on table public.sku_links from anon, authenticated;
grant select, insert, update, delete on table public.sku_links to authenticated;

create policy sku_links_select on public.sku_links
  for select to authenticated
  using (account_id = (select private.current_account()));
create policy sku_links_insert on public.sku_links
  for insert to authenticated
  with check (account_id = (select private.current_account()));
create policy sku_links_update on public.sku_links
  for update to authenticated
  using (account_id = (select private.current_account()))
  with check (account_id = (select private.current_account()));
create policy sku_links_delete on public.sku_links
  for delete to authenticated
  using (account_id = (select private.current_account()));
create policy require_mfa_select on public.sku_links as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.sku_links as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.sku_links as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.sku_links as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.sku_links
  for each statement execute function private.refuse_writes_without_mfa();
create trigger sku_links_keep_account
  before update on public.sku_links
  for each row execute function private.keep_account();
create trigger sku_links_row_cap
  after insert on public.sku_links
  referencing new table as new_rows
  for each statement execute function private.enforce_row_cap('linked SKUs', 0, 1, 0);

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

-- pick_order_line(order, line, item, quantity) -> the pick
-- Marks the line picked and takes the quantity off the item, logged as pick_order_line
-- ('Picked 2 × Blue mug for order 12-345 from Garage › Isle 1 › Unit A › Shelf 2'). Refused:
-- a line already picked, an item that is gone (PT404) or holds fewer than the line needs.
-- The quantity goes down by a plain UPDATE of storage_items, so an undo layer can wrap it.
create or replace function public.pick_order_line(p_order_id text, p_line_item_id text, p_item_id uuid, p_quantity integer)
returns public.order_picks
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
  _picking text := set_config('stockroom.picking', 'on', true);
  v_item public.storage_items;
  v_pick public.order_picks;
  v_where text;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if not private.plan_allows(v_account, 'orders') then
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
   where it.item_id = p_item_id and it.account_id = v_account
     for update;
  if not found then
    raise exception 'Item not found: it may have been removed' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.order_picks p
              where p.account_id = v_account and p.order_id = btrim(p_order_id)
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
   where p.account_id = v_account and p.picked_at < now() - interval '180 days';

  insert into public.order_picks (account_id, order_id, line_item_id, item_id, item_name, quantity)
  values (v_account, btrim(p_order_id), btrim(p_line_item_id), v_item.item_id, v_item.item_name, p_quantity)
  returning * into v_pick;

  v_where := private.pick_location(v_item.shelf_id);
  perform private.log(v_account, 'pick_order_line',
          format('Picked %s × %s for order %s', p_quantity, v_item.item_name, v_pick.order_id)
          || coalesce(' from ' || v_where, ''));
  return v_pick;
end;
$$;
comment on function public.pick_order_line(text, text, uuid, integer) is
  'Mark an eBay order line picked and take its quantity off the item, atomically and logged.';
revoke all on function public.pick_order_line(text, text, uuid, integer) from public, anon;

-- unpick_order_line(order, line) -> the item the quantity went back to (null when it is gone)
-- Reverses pick_order_line, logged as unpick_order_line.
create or replace function public.unpick_order_line(p_order_id text, p_line_item_id text)
returns public.storage_items
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
  _picking text := set_config('stockroom.picking', 'on', true);
  v_pick public.order_picks;
  v_item public.storage_items;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  perform private.check_order_line(p_order_id, p_line_item_id);
  delete from public.order_picks p
   where p.account_id = v_account and p.order_id = btrim(p_order_id)
     and p.line_item_id = btrim(p_line_item_id)
  returning * into v_pick;
  if not found then
    raise exception 'This order line is not picked' using errcode = 'PT404';
  end if;

  if v_pick.item_id is not null then
    update public.storage_items it
       set quantity = least(it.quantity::bigint + v_pick.quantity, 2147483647)::integer
     where it.item_id = v_pick.item_id and it.account_id = v_account
    returning * into v_item;
  end if;

  perform private.log(v_account, 'unpick_order_line',
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

-- link_sku(sku, item) -> the link; a later order with that SKU finds the item. Linking a SKU
-- again moves it to the new item. Logged as link_sku.
create or replace function public.link_sku(p_sku text, p_item_id uuid)
returns public.sku_links
language plpgsql
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
  v_item public.storage_items;
  v_link public.sku_links;
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  perform private.lock_my_storage(); -- before any row lock (see private.lock_storage)
  if coalesce(length(btrim(p_sku)), 0) not between 1 and 100 then
    raise exception 'Invalid SKU' using errcode = '22023';
  end if;
  select it.* into v_item from public.storage_items it
   where it.item_id = p_item_id and it.account_id = v_account;
  if not found then
    raise exception 'Item not found: it may have been removed' using errcode = 'PT404';
  end if;

  insert into public.sku_links (account_id, sku, item_id)
  values (v_account, btrim(p_sku), v_item.item_id)
  on conflict (account_id, sku) do update set item_id = excluded.item_id, created_at = now()
  returning * into v_link;

  perform private.log(v_account, 'link_sku', format('Linked SKU %s to %s', v_link.sku, v_item.item_name));
  return v_link;
end;
$$;
comment on function public.link_sku(text, uuid) is
  'Remember that a marketplace SKU is one of the seller''s items (orders with it find the item), logged.';
revoke all on function public.link_sku(text, uuid) from public, anon;

-- ---------------------------------------------------------------------------------------------
-- The account's eBay connection as every member may see it (issue 39): the token table is the
-- owner's alone, so a picker or manager learns only whether the account is connected, as which
-- eBay user and since when, through this function and never the token columns.
-- Linter: authenticated_security_definer_function_executable public.get_ebay_connection:
-- deliberate and safe: it takes no account id (the caller's current account, membership checked
-- by private.require_role), returns three non-secret columns of one row, runs with an empty
-- search_path; SECURITY INVOKER would need the owner-only select policy opened to members.
-- ---------------------------------------------------------------------------------------------
create or replace function public.get_ebay_connection()
returns table (connected boolean, ebay_user text, connected_at timestamp with time zone)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_account uuid := private.require_role('{owner,manager,picker}'::text[]);
begin
  if v_account is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  return query
    select t.account_id is not null, t.ebay_user, t.created_at
      from (select 1) one
      left join public.ebay_tokens t on t.account_id = v_account;
end;
$$;
comment on function public.get_ebay_connection() is
  'Whether the caller''s account has eBay connected, as which eBay user and since when (no tokens).';
revoke all on function public.get_ebay_connection() from public, anon;
grant execute on function public.get_ebay_connection() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- ebay_orders / ebay_order_lines (issue 39): the account's eBay orders, fetched by the server
-- for the account (on demand within the rate limit, and on a schedule) and read by every
-- member's device from here, so all of them show the same pick list. Written only by the
-- server (service role, public.store_ebay_orders); the browser only reads. Elite Seller only,
-- like picking. Orders keep eBay's status, a cancelled one included.
-- ---------------------------------------------------------------------------------------------
create table public.ebay_orders (
  account_id uuid not null references public.accounts (id) on delete cascade,
  order_id text not null
    constraint "Order id: 1 to 100 characters" check (length(order_id) between 1 and 100),
  buyer text constraint "Buyer: at most 200 characters" check (length(buyer) <= 200),
  -- eBay's orderFulfillmentStatus (NOT_STARTED, IN_PROGRESS, FULFILLED), kept as eBay says it
  status text not null
    constraint "Order status: 1 to 50 characters" check (length(status) between 1 and 50),
  -- eBay's pricingSummary.total, its decimal string kept as sent (no float rounding)
  total_value text constraint "Order total: at most 30 characters" check (length(total_value) <= 30),
  total_currency text constraint "Order currency: at most 10 characters" check (length(total_currency) <= 10),
  created_on_ebay timestamptz not null,
  -- when the server last wrote this order from eBay's answer (only when something changed)
  fetched_at timestamptz not null default now(),
  primary key (account_id, order_id)
);
comment on table public.ebay_orders is
  'The account''s eBay orders (last 90 days), written by the server only; every member reads them. Elite Seller.';

create index ebay_orders_account_created_idx on public.ebay_orders (account_id, created_on_ebay desc);

create table public.ebay_order_lines (
  account_id uuid not null references public.accounts (id) on delete cascade,
  order_id text not null,
  line_item_id text not null
    constraint "Line item id: 1 to 100 characters" check (length(line_item_id) between 1 and 100),
  legacy_item_id text constraint "Legacy item id: at most 100 characters" check (length(legacy_item_id) <= 100),
  sku text constraint "Line SKU: at most 100 characters" check (length(sku) <= 100),
  title text not null default ''
    constraint "Line title: at most 500 characters" check (length(title) <= 500),
  quantity integer not null constraint "Line quantity: 0 or more" check (quantity >= 0),
  -- the line's place in eBay's order, so lines read back as eBay listed them
  position integer not null default 0,
  fetched_at timestamptz not null default now(),
  primary key (account_id, order_id, line_item_id),
  constraint ebay_order_lines_order_fkey foreign key (account_id, order_id)
    references public.ebay_orders (account_id, order_id) on delete cascade
);
comment on table public.ebay_order_lines is
  'Lines of the account''s eBay orders, written by the server with their order.';

-- One row per account: when its orders were last fetched from eBay and what eBay counted, so
-- every screen can say "fetched at" and a refresh within the rate limit reads these instead.
create table public.ebay_order_fetches (
  account_id uuid primary key references public.accounts (id) on delete cascade,
  fetched_at timestamptz not null default now(),
  -- eBay's count of orders in its window, and whether it holds more than were stored
  total integer not null default 0 check (total >= 0),
  more boolean not null default false
);
comment on table public.ebay_order_fetches is
  'When the account''s eBay orders were last fetched, eBay''s total and whether more exist. Server-written.';

alter table public.ebay_orders enable row level security;
alter table public.ebay_order_lines enable row level security;
alter table public.ebay_order_fetches enable row level security;
revoke all on table public.ebay_orders from anon, authenticated;
revoke all on table public.ebay_order_lines from anon, authenticated;
revoke all on table public.ebay_order_fetches from anon, authenticated;
-- read only: nothing a browser sends can add, change or remove an order
grant select on table public.ebay_orders to authenticated;
grant select on table public.ebay_order_lines to authenticated;
grant select on table public.ebay_order_fetches to authenticated;

create policy ebay_orders_select on public.ebay_orders for select to authenticated
  using (account_id = (select private.current_account())
         and (select private.plan_allows((select private.current_account()), 'orders')));
create policy ebay_order_lines_select on public.ebay_order_lines for select to authenticated
  using (account_id = (select private.current_account())
         and (select private.plan_allows((select private.current_account()), 'orders')));
create policy ebay_order_fetches_select on public.ebay_order_fetches for select to authenticated
  using (account_id = (select private.current_account())
         and (select private.plan_allows((select private.current_account()), 'orders')));
create policy require_mfa_select on public.ebay_orders as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.ebay_orders as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.ebay_orders as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.ebay_orders as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_select on public.ebay_order_lines as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.ebay_order_lines as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.ebay_order_lines as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.ebay_order_lines as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_select on public.ebay_order_fetches as restrictive
  for select to authenticated
  using ((select private.mfa_satisfied()));
create policy require_mfa_insert on public.ebay_order_fetches as restrictive
  for insert to authenticated
  with check ((select private.mfa_satisfied()));
create policy require_mfa_update on public.ebay_order_fetches as restrictive
  for update to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
create policy require_mfa_delete on public.ebay_order_fetches as restrictive
  for delete to authenticated
  using ((select private.mfa_satisfied()));

create trigger require_mfa_for_writes
  before insert or update or delete on public.ebay_orders
  for each statement execute function private.refuse_writes_without_mfa();
create trigger require_mfa_for_writes
  before insert or update or delete on public.ebay_order_lines
  for each statement execute function private.refuse_writes_without_mfa();
create trigger require_mfa_for_writes
  before insert or update or delete on public.ebay_order_fetches
  for each statement execute function private.refuse_writes_without_mfa();

-- store_ebay_orders(account, page of orders as the function parsed them, eBay's total, more,
-- last page?) -> orders written. Service role only: one call per eBay page, so a page of 200
-- orders is one round trip. Rows that did not change are not rewritten (live sync then has
-- nothing to send for them); lines eBay no longer lists for an order go. The last page of a
-- fetch records it in ebay_order_fetches (one live-sync event that tells every screen to read
-- the orders again) and drops orders older than eBay's 90-day window.
create or replace function public.store_ebay_orders(p_account_id uuid, p_orders jsonb, p_total integer, p_more boolean, p_last boolean default true)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_written integer;
begin
  if jsonb_typeof(p_orders) is distinct from 'array' then
    raise exception 'Orders must be an array' using errcode = '22023';
  end if;

  with incoming as (
    select o.value as raw
      from jsonb_array_elements(p_orders) o
     where coalesce(o.value ->> 'orderId', '') <> ''
  )
  insert into public.ebay_orders as e
    (account_id, order_id, buyer, status, total_value, total_currency, created_on_ebay)
  select p_account_id, i.raw ->> 'orderId', i.raw ->> 'buyer',
         coalesce(nullif(i.raw ->> 'status', ''), 'NOT_STARTED'),
         i.raw -> 'total' ->> 'value', i.raw -> 'total' ->> 'currency',
         coalesce((i.raw ->> 'creationDate')::timestamptz, now())
    from incoming i
  on conflict (account_id, order_id) do update
     set buyer = excluded.buyer, status = excluded.status, total_value = excluded.total_value,
         total_currency = excluded.total_currency, created_on_ebay = excluded.created_on_ebay,
         fetched_at = now()
   where (e.buyer, e.status, e.total_value, e.total_currency, e.created_on_ebay)
         is distinct from
         (excluded.buyer, excluded.status, excluded.total_value, excluded.total_currency,
          excluded.created_on_ebay);
  get diagnostics v_written = row_count;

  insert into public.ebay_order_lines as l
    (account_id, order_id, line_item_id, legacy_item_id, sku, title, quantity, position)
  select p_account_id, o.value ->> 'orderId', li.value ->> 'lineItemId', li.value ->> 'legacyItemId',
         li.value ->> 'sku', left(coalesce(li.value ->> 'title', ''), 500),
         greatest(coalesce((li.value ->> 'quantity')::integer, 1), 0), (li.ordinality - 1)::integer
    from jsonb_array_elements(p_orders) o,
         jsonb_array_elements(coalesce(o.value -> 'lineItems', '[]'::jsonb)) with ordinality li
   where coalesce(o.value ->> 'orderId', '') <> '' and coalesce(li.value ->> 'lineItemId', '') <> ''
  on conflict (account_id, order_id, line_item_id) do update
     set legacy_item_id = excluded.legacy_item_id, sku = excluded.sku, title = excluded.title,
         quantity = excluded.quantity, position = excluded.position, fetched_at = now()
   where (l.legacy_item_id, l.sku, l.title, l.quantity, l.position)
         is distinct from
         (excluded.legacy_item_id, excluded.sku, excluded.title, excluded.quantity, excluded.position);

  delete from public.ebay_order_lines l
   using jsonb_array_elements(p_orders) o
   where l.account_id = p_account_id and l.order_id = o.value ->> 'orderId'
     and not exists (select 1 from jsonb_array_elements(coalesce(o.value -> 'lineItems', '[]'::jsonb)) li
                      where li.value ->> 'lineItemId' = l.line_item_id);

  if p_last then
    delete from public.ebay_orders e
     where e.account_id = p_account_id and e.created_on_ebay < now() - interval '90 days';
    insert into public.ebay_order_fetches as f (account_id, fetched_at, total, more)
    values (p_account_id, now(), greatest(coalesce(p_total, 0), 0), coalesce(p_more, false))
    on conflict (account_id) do update
       set fetched_at = excluded.fetched_at, total = excluded.total, more = excluded.more;
  end if;
  return v_written;
end;
$$;
comment on function public.store_ebay_orders(uuid, jsonb, integer, boolean, boolean) is
  'Service role: upsert one page of an account''s eBay orders and lines; the last page records the fetch.';
revoke all on function public.store_ebay_orders(uuid, jsonb, integer, boolean, boolean) from public, anon, authenticated;

-- The accounts whose orders the schedule fetches next: eBay connected, Elite Seller (orders),
-- and not fetched within p_min_age_seconds; the longest waiting first. Service role only.
create or replace function public.ebay_order_accounts_due(p_min_age_seconds integer, p_limit integer default 50)
returns table (account_id uuid, ebay_country text)
language sql
stable
set search_path = ''
as $$
  select t.account_id, coalesce(
           (select p.ebay_country from public.user_preferences p
             where p.account_id = t.account_id limit 1), 'GB')
    from public.ebay_tokens t
    left join public.ebay_order_fetches f on f.account_id = t.account_id
   where private.plan_allows(t.account_id, 'orders')
     and (f.fetched_at is null or f.fetched_at <= now() - make_interval(secs => p_min_age_seconds))
   order by f.fetched_at nulls first
   limit greatest(p_limit, 0)
$$;
comment on function public.ebay_order_accounts_due(integer, integer) is
  'Service role: connected Elite accounts whose eBay orders were not fetched within the given age.';
revoke all on function public.ebay_order_accounts_due(integer, integer) from public, anon, authenticated;
