import { fetchActiveListings } from '../lib/ebay-api.ts';
import { ebayFunction } from '../lib/ebay-function.ts';
import { json } from '../lib/http.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

const COLUMNS = 'listing_id, title, quantity, image_url, sku, created_at';

/** The listings still to be put away (display = true), newest first. */
async function shownListings(userId: string) {
  const { data, error } = await supabaseAdmin()
    .from('ebay_processed_listings')
    .select(COLUMNS)
    .eq('user_id', userId)
    .eq('display', true)
    .order('created_at', { ascending: false })
    .order('listing_id');
  if (error) throw new Error(`listings read failed: ${error.message}`);
  return data ?? [];
}

/**
 * GET (bearer, country) -> { listings: [{ listing_id, title, quantity, image_url, sku,
 * created_at }] }: the seller's active eBay listings not yet placed on a shelf. Growing Seller
 * and up (get_ebay_token refuses lower plans); at most once per 2 minutes, a 429 carrying the
 * stored listings meanwhile.
 *
 * The active listings are merged into ebay_processed_listings: new ones appear (display true),
 * known ones get eBay's current title, quantity and picture but keep their display flag, so a
 * listing placed on a shelf is never offered again; listings that ended on eBay before being
 * placed drop out of the list.
 */
export default ebayFunction({
  name: 'ebay-get-listings',
  purpose: 'listings',
  rateLimit: 'listings',
  cached: async (userId) => ({ listings: await shownListings(userId), cached: true }),
  async run(ctx) {
    const active = await ctx.withToken((token) =>
      fetchActiveListings(ctx.env, token, ctx.marketplace),
    );
    const admin = supabaseAdmin();
    if (active.length > 0) {
      const { error } = await admin.from('ebay_processed_listings').upsert(
        active.map((l) => ({
          user_id: ctx.userId,
          listing_id: l.listingId,
          title: l.title.slice(0, 500),
          quantity: Math.max(0, Math.trunc(l.quantity)),
          image_url: l.imageUrl,
          sku: l.sku,
        })),
        { onConflict: 'user_id,listing_id' },
      );
      if (error) throw new Error(`listings upsert failed: ${error.message}`);
    }
    let ended = admin
      .from('ebay_processed_listings')
      .delete()
      .eq('user_id', ctx.userId)
      .eq('display', true);
    if (active.length > 0) {
      ended = ended.not(
        'listing_id',
        'in',
        `(${active.map((l) => `"${l.listingId.replace(/"/g, '')}"`).join(',')})`,
      );
    }
    const { error: endedError } = await ended;
    if (endedError) throw new Error(`ended listings cleanup failed: ${endedError.message}`);
    return json({ listings: await shownListings(ctx.userId) });
  },
});
