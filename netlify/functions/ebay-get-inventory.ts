import type { EbayInventoryEntry } from '../../src/domain/ebay-inventory.ts';
import {
  fetchInventoryPage,
  fetchListingsPage,
  firstInventoryPage,
  type Page,
} from '../lib/ebay-api.ts';
import { ebayFunction, type EbayCallContext } from '../lib/ebay-function.ts';
import {
  budget,
  continuing,
  endSync,
  progressOf,
  saveSync,
  syncOfCall,
  type SyncState,
} from '../lib/ebay-sync.ts';
import { json, jsonError } from '../lib/http.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';
import type { AccountId } from '../../src/domain/ids.ts';

/** The eBay inventory is read 200 per page (docs/product.md#ebay). */
const INVENTORY_PAGE_SIZE = 200;

/**
 * 'inventory': the Sell Inventory API's items. 'listings': that API held none (the seller lists
 * on the eBay website or with Trading-API tools, whose listings reach the Inventory API only
 * through bulkMigrateListing), so the list is the seller's active listings from Trading.
 */
type InventorySource = 'inventory' | 'listings';

interface CachedInventory {
  inventory: EbayInventoryEntry[];
  total_items: number;
  fetched_at: string | null;
  source: InventorySource;
}

function pageParam(req: Request): number | null {
  const raw = new URL(req.url).searchParams.get('page') ?? '1';
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : null;
}

async function readCache(accountId: AccountId): Promise<CachedInventory | null> {
  const { data, error } = await supabaseAdmin()
    .from('ebay_inventory')
    .select('inventory, total_items, fetched_at, source')
    .eq('account_id', accountId)
    .maybeSingle();
  if (error) throw new Error(`inventory cache read failed: ${error.message}`);
  return data && data.fetched_at ? (data as CachedInventory) : null;
}

function pageOf(cache: CachedInventory, page: number, cached: boolean) {
  const all = cache.inventory;
  const totalItems = all.length;
  return {
    inventory: all.slice((page - 1) * INVENTORY_PAGE_SIZE, page * INVENTORY_PAGE_SIZE),
    pagination: {
      page,
      totalPages: Math.max(1, Math.ceil(totalItems / INVENTORY_PAGE_SIZE)),
      totalItems,
      itemsPerPage: INVENTORY_PAGE_SIZE,
    },
    fetchedAt: cache.fetched_at,
    source: cache.source,
    cached,
  };
}

/** The state once a page is read: its entries kept, and the next page if eBay has more. */
function afterPage(state: SyncState, items: EbayInventoryEntry[], page: Page<unknown>): SyncState {
  return {
    ...state,
    items,
    next_page: page.more ? state.next_page + 1 : 0,
    total_entries: page.total,
    fetched: items.length,
  };
}

/** Reads one eBay page of the sync's current phase into the state. */
async function readPage(ctx: EbayCallContext, state: SyncState): Promise<SyncState> {
  if (state.phase === 'inventory') {
    // The first page, then wherever eBay's `next` link says (its offset is a page number).
    const url = state.next_href ?? firstInventoryPage(ctx.env);
    const page = await ctx.withToken((t) => fetchInventoryPage(ctx.env, t, ctx.marketplace, url));
    const items = [...state.items, ...page.entries];
    if (!page.more && items.length === 0) {
      // Nothing in the Inventory API: the seller's stock is in their listings.
      return {
        ...state,
        phase: 'listings',
        next_page: 1,
        next_href: null,
        total_pages: null,
        total_entries: null,
      };
    }
    return { ...afterPage(state, items, page), next_href: page.next };
  }
  const page = await ctx.withToken((t) =>
    fetchListingsPage(ctx.env, t, ctx.marketplace, state.next_page),
  );
  const items = [
    ...state.items,
    ...page.entries.map((l) => ({
      sku: l.sku ?? '',
      title: l.title,
      quantity: l.quantity,
      condition: null,
      imageUrl: l.imageUrl,
      listingId: l.listingId,
      listingType: l.listingType,
    })),
  ];
  return {
    ...afterPage(state, items, page),
    total_pages: page.totalPages,
    complete: state.complete && page.complete,
  };
}

/**
 * GET ?page=n (bearer, country) -> { inventory, pagination: { page, totalPages, totalItems,
 * itemsPerPage }, fetchedAt, source, cached } once the list is read, or { sync: { done: false,
 * fetched, total } } while it is being read: the seller's eBay inventory, 200 per page
 * (docs/product.md#ebay). Any plan that connected eBay.
 *
 * Page 1 starts a refresh (counted against the 8-minute limit): eBay's pages are read while
 * the call's time budget lasts, and the browser goes on with ?continue=1 until done, so no call
 * nears Netlify's 10 s limit. The finished list is stored in ebay_inventory; later pages are
 * served from it. When the Sell Inventory API holds nothing, as for sellers who list on the eBay
 * website, the list is read from the seller's active listings (source 'listings'). A
 * rate-limited request gets the stored page with the 429.
 */
export default ebayFunction({
  name: 'ebay-get-inventory',
  purpose: 'inventory',
  rateLimit: 'inventory',
  fetchesFromEbay: (req) => !continuing(req),
  async serveCached(accountId, req) {
    const page = pageParam(req);
    if (page === null) return jsonError(400, 'page must be a whole number from 1');
    if (page === 1 || continuing(req)) return null;
    const cache = await readCache(accountId);
    return cache ? json(pageOf(cache, page, true)) : null;
  },
  async cached(accountId, req) {
    const cache = await readCache(accountId);
    return cache ? pageOf(cache, pageParam(req) ?? 1, true) : {};
  },
  async run(ctx) {
    let state = await syncOfCall(ctx.req, ctx.accountId, 'inventory');
    if (!state) return jsonError(409, 'No eBay sync is under way', { code: 'no_sync' });
    const inBudget = budget();
    while (state.next_page > 0 && inBudget()) state = await readPage(ctx, state);
    if (state.next_page > 0) {
      await saveSync(ctx.accountId, state);
      return json({ sync: progressOf(state, false) });
    }
    const cache: CachedInventory = {
      inventory: state.items,
      total_items: state.items.length,
      fetched_at: new Date().toISOString(),
      source: state.phase,
    };
    const { error } = await supabaseAdmin()
      .from('ebay_inventory')
      .upsert({ account_id: ctx.accountId, ...cache }, { onConflict: 'account_id' });
    if (error) throw new Error(`inventory cache write failed: ${error.message}`);
    await endSync(ctx.accountId, 'inventory');
    return json({ ...pageOf(cache, 1, false), sync: progressOf(state, true) });
  },
});
