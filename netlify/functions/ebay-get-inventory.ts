import { fetchInventory, type InventoryEntry } from '../lib/ebay-api.ts';
import { ebayFunction } from '../lib/ebay-function.ts';
import { json, jsonError } from '../lib/http.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

/** SPEC 9: inventory page size 200. */
const INVENTORY_PAGE_SIZE = 200;

interface CachedInventory {
  inventory: InventoryEntry[];
  total_items: number;
  fetched_at: string | null;
}

function pageParam(req: Request): number | null {
  const raw = new URL(req.url).searchParams.get('page') ?? '1';
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : null;
}

async function readCache(userId: string): Promise<CachedInventory | null> {
  const { data, error } = await supabaseAdmin()
    .from('ebay_inventory')
    .select('inventory, total_items, fetched_at')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw new Error(`inventory cache read failed: ${error.message}`);
  return data && data.fetched_at ? (data as CachedInventory) : null;
}

function pageOf(all: InventoryEntry[], page: number, fetchedAt: string | null, cached: boolean) {
  const totalItems = all.length;
  return {
    inventory: all.slice((page - 1) * INVENTORY_PAGE_SIZE, page * INVENTORY_PAGE_SIZE),
    pagination: {
      page,
      totalPages: Math.max(1, Math.ceil(totalItems / INVENTORY_PAGE_SIZE)),
      totalItems,
      itemsPerPage: INVENTORY_PAGE_SIZE,
    },
    fetchedAt,
    cached,
  };
}

/**
 * GET ?page=n (bearer, country) -> { inventory, pagination: { page, totalPages, totalItems,
 * itemsPerPage }, fetchedAt, cached }: the seller's eBay inventory (Sell Inventory API), 200 per
 * page (SPEC 7, 9). Any plan that connected eBay.
 *
 * Page 1 is a refresh: it reads every inventory item from eBay (following eBay's own pages),
 * stores the list in ebay_inventory and counts against the 8-minute limit. Later pages are
 * served from that stored list, so paging through 450 items is one eBay sync, not three
 * rate-limited ones; a later page with nothing stored yet syncs first. A rate-limited request
 * gets the stored page with the 429.
 */
export default ebayFunction({
  name: 'ebay-get-inventory',
  purpose: 'inventory',
  rateLimit: 'inventory',
  async serveCached(userId, req) {
    const page = pageParam(req);
    if (page === null) return jsonError(400, 'page must be a whole number from 1');
    if (page === 1) return null;
    const cache = await readCache(userId);
    return cache ? json(pageOf(cache.inventory, page, cache.fetched_at, true)) : null;
  },
  async cached(userId, req) {
    const cache = await readCache(userId);
    return cache ? pageOf(cache.inventory, pageParam(req) ?? 1, cache.fetched_at, true) : {};
  },
  async run(ctx) {
    const page = pageParam(ctx.req) ?? 1;
    const all = await ctx.withToken((token) => fetchInventory(ctx.env, token, ctx.marketplace));
    const fetchedAt = new Date().toISOString();
    const { error } = await supabaseAdmin()
      .from('ebay_inventory')
      .upsert(
        { user_id: ctx.userId, inventory: all, total_items: all.length, fetched_at: fetchedAt },
        { onConflict: 'user_id' },
      );
    if (error) throw new Error(`inventory cache write failed: ${error.message}`);
    return json(pageOf(all, page, fetchedAt, false));
  },
});
