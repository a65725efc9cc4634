import { fetchOrdersPage, PAGE_SIZE } from './ebay-api.ts';
import type { EbayEnv, Marketplace } from './ebay-env.ts';
import { supabaseAdmin } from './supabase-admin.ts';
import type { AccountId } from '../../src/domain/ids.ts';

/**
 * The account's eBay orders, fetched for the ACCOUNT and stored in public.ebay_orders (issue 39),
 * so every member's device reads the same orders from the database and none asks eBay itself.
 * The on-demand function (ebay-get-orders) and the schedule (ebay-orders-scheduled) both come
 * here, each after the account's rate limit allowed the fetch.
 */

/** Orders stored per fetch at most: five eBay pages of 200, newest first. */
export const MAX_ORDERS = 1_000;

/** The schedule fetches each connected Elite account this often (netlify/functions/ebay-orders-scheduled.ts). */
export const SCHEDULE_MINUTES = 15;

export interface OrdersFetch {
  /** Orders eBay returned this time (stored or unchanged). */
  count: number;
  /** eBay's count of orders in its 90-day window, and whether it holds more than were read. */
  total: number;
  more: boolean;
}

export interface StoredFetch {
  fetchedAt: string | null;
  total: number;
  more: boolean;
}

/**
 * Reads eBay's orders page by page while `inBudget` lasts (always at least one page) and stores
 * each page with one call of public.store_ebay_orders; the last page records the fetch, which
 * live sync carries to every screen of the account.
 */
export async function fetchAndStoreOrders(
  accountId: AccountId,
  env: EbayEnv,
  marketplace: Marketplace,
  withToken: <T>(call: (accessToken: string) => Promise<T>) => Promise<T>,
  inBudget: () => boolean,
): Promise<OrdersFetch> {
  let count = 0;
  for (;;) {
    const offset = count;
    const page = await withToken((token) => fetchOrdersPage(env, token, marketplace, offset));
    count += page.entries.length;
    const more = page.more && page.entries.length === PAGE_SIZE;
    const last = !more || count >= MAX_ORDERS || !inBudget();
    const total = page.total ?? count;
    const { error } = await supabaseAdmin().rpc('store_ebay_orders', {
      p_account_id: accountId,
      p_orders: page.entries as unknown as never,
      p_total: total,
      p_more: more,
      p_last: last,
    });
    if (error) throw new Error(`storing orders failed: ${error.message}`);
    if (last) return { count, total, more };
  }
}

/** When the account's orders were last fetched, as the screens see it. */
export async function storedFetch(accountId: AccountId): Promise<StoredFetch> {
  const { data, error } = await supabaseAdmin()
    .from('ebay_order_fetches')
    .select('fetched_at, total, more')
    .eq('account_id', accountId)
    .maybeSingle();
  if (error) throw new Error(`reading the last orders fetch failed: ${error.message}`);
  return {
    fetchedAt: data?.fetched_at ?? null,
    total: data?.total ?? 0,
    more: data?.more ?? false,
  };
}
