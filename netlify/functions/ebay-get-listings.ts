import { fetchListingsPage, type ActiveListing } from '../lib/ebay-api.ts';
import { ebayFunction } from '../lib/ebay-function.ts';
// Boilerplate: both eBay sync functions take the same steps of the sync, so they name the same imports.
import { budget, continuing, endSync, progressOf, saveSync, syncOfCall } from '../lib/ebay-sync.ts';
import { json, jsonError } from '../lib/http.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';
import type { AccountId } from '../../src/domain/ids.ts';

const COLUMNS = 'listing_id, title, quantity, image_url, sku, created_at';

/** The listings still to be put away (display = true), newest first. */
async function shownListings(accountId: AccountId) {
  const { data, error } = await supabaseAdmin()
    .from('ebay_processed_listings')
    .select(COLUMNS)
    .eq('account_id', accountId)
    .eq('display', true)
    .order('created_at', { ascending: false })
    .order('listing_id');
  if (error) throw new Error(`listings read failed: ${error.message}`);
  return data ?? [];
}

/** New listings appear (display true); known ones get eBay's current details, keep display. */
async function mergePage(accountId: AccountId, listings: ActiveListing[], seenAt: string) {
  if (listings.length === 0) return;
  const { error } = await supabaseAdmin()
    .from('ebay_processed_listings')
    .upsert(
      listings.map((l) => ({
        account_id: accountId,
        listing_id: l.listingId,
        title: l.title.slice(0, 500),
        quantity: Math.max(0, Math.trunc(l.quantity)),
        image_url: l.imageUrl,
        sku: l.sku,
        seen_at: seenAt,
      })),
      { onConflict: 'account_id,listing_id' },
    );
  if (error) throw new Error(`listings upsert failed: ${error.message}`);
}

/** Shown listings this (complete) sync did not see have ended on eBay before being placed. */
async function dropEnded(accountId: AccountId, startedAt: string) {
  const { error } = await supabaseAdmin()
    .from('ebay_processed_listings')
    .delete()
    .eq('account_id', accountId)
    .eq('display', true)
    .or(`seen_at.is.null,seen_at.lt."${startedAt}"`);
  if (error) throw new Error(`ended listings cleanup failed: ${error.message}`);
}

/**
 * GET (bearer, country) -> { listings: [{ listing_id, title, quantity, image_url, sku,
 * created_at }], sync: { done, fetched, total }, incomplete? }: the seller's active eBay
 * listings not yet placed on a shelf. Growing Seller and up (get_ebay_token refuses lower
 * plans); at most once per 2 minutes, a 429 carrying the stored listings meanwhile.
 *
 * Trading pages are read while the call's time budget lasts; if more remain the answer says
 * sync.done = false and the browser calls again with ?continue=1 (not rate-limited) until done.
 * Each page is merged into ebay_processed_listings as it comes: new listings appear, known ones
 * get eBay's current title, quantity and picture but keep their display flag, so a listing
 * placed on a shelf is never offered again. Only a sync whose every page was complete
 * (Ack=Success, full pages) removes the shown listings it did not see; after a truncated or
 * Ack=Warning answer nothing is removed and the answer says incomplete: true.
 */
export default ebayFunction({
  name: 'ebay-get-listings',
  purpose: 'listings',
  rateLimit: 'listings',
  fetchesFromEbay: (req) => !continuing(req),
  cached: async (accountId) => ({ listings: await shownListings(accountId), cached: true }),
  async run(ctx) {
    let state = await syncOfCall(ctx.req, ctx.accountId, 'listings');
    if (!state) return jsonError(409, 'No eBay sync is under way', { code: 'no_sync' });
    const inBudget = budget();
    let done = false;
    while (!done && inBudget()) {
      const page = await ctx.withToken((token) =>
        fetchListingsPage(ctx.env, token, ctx.marketplace, state!.next_page),
      );
      await mergePage(ctx.accountId, page.entries, state.started_at);
      state = {
        ...state,
        next_page: state.next_page + 1,
        total_pages: page.totalPages,
        total_entries: page.total,
        fetched: state.fetched + page.entries.length,
        complete: state.complete && page.complete,
      };
      done = !page.more;
    }
    if (!done) {
      await saveSync(ctx.accountId, state);
      return json({ listings: await shownListings(ctx.accountId), sync: progressOf(state, false) });
    }
    if (state.complete) await dropEnded(ctx.accountId, state.started_at);
    await endSync(ctx.accountId, 'listings');
    return json({
      listings: await shownListings(ctx.accountId),
      sync: progressOf(state, true),
      ...(state.complete ? {} : { incomplete: true }),
    });
  },
});
