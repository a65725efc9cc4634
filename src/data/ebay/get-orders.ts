import { useQuery } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { callEbayFunction, EbayFunctionError } from './ebay-functions';
import { ebayKeys } from './keys';

export interface EbayOrderLine {
  lineItemId: string;
  legacyItemId: string | null;
  sku: string | null;
  title: string;
  quantity: number;
}

export interface EbayOrder {
  orderId: string;
  creationDate: string;
  buyer: string | null;
  status: string;
  total: { value: string; currency: string } | null;
  lineItems: EbayOrderLine[];
}

export interface OrdersResult {
  orders: EbayOrder[];
  /** 'live' from eBay just now, or 'cached' from this browser after a refusal or failure. */
  source: 'live' | 'cached';
  savedAt: string | null;
  rateLimitedMinutes: number | null;
  /** Seconds until eBay may be asked again, when rate-limited. */
  retryAfterSeconds: number | null;
  failed: boolean;
  /** eBay's count of orders in the window, and whether it holds more than were read. */
  total: number | null;
  more: boolean;
}

/**
 * The last orders fetched, per account, in localStorage (docs/product.md#messages: on failure the
 * cached orders are shown). Orders hold order numbers, buyer names and items, nothing secret; they
 * are removed with the rest of the seller's browser data on sign-out by the browser's own rules.
 * The key's format predates accounts with members (their ids were the sellers'), so orders
 * saved then are still found.
 */
export const ordersStorageKey = (accountId: AccountId) => `stockroom.ebay.orders.${accountId}`;

export function readCachedOrders(accountId: AccountId, storage: Storage = localStorage) {
  try {
    const raw = storage.getItem(ordersStorageKey(accountId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { savedAt?: unknown; orders?: unknown };
    if (!Array.isArray(parsed.orders)) return null;
    return {
      orders: parsed.orders as EbayOrder[],
      savedAt: typeof parsed.savedAt === 'string' ? parsed.savedAt : null,
    };
  } catch {
    return null;
  }
}

export function saveCachedOrders(
  accountId: AccountId,
  orders: EbayOrder[],
  storage: Storage = localStorage,
) {
  try {
    storage.setItem(
      ordersStorageKey(accountId),
      JSON.stringify({ savedAt: new Date().toISOString(), orders }),
    );
  } catch {
    // A full or disabled storage only costs the offline copy.
  }
}

export async function getOrders(
  accountId: AccountId,
  country: string | undefined,
  storage: Storage = localStorage,
): Promise<OrdersResult> {
  try {
    const { orders, total, more } = await callEbayFunction<{
      orders: EbayOrder[];
      total?: number;
      more?: boolean;
    }>('ebay-get-orders', { country });
    saveCachedOrders(accountId, orders, storage);
    return {
      orders,
      source: 'live',
      savedAt: null,
      rateLimitedMinutes: null,
      retryAfterSeconds: null,
      failed: false,
      total: total ?? orders.length,
      more: more === true,
    };
  } catch (error) {
    // Plan and connection problems are for the screen to explain, not to paper over.
    if (
      error instanceof EbayFunctionError &&
      (error.code === 'plan_feature_unavailable' || error.code === 'not_connected')
    ) {
      throw error;
    }
    const cached = readCachedOrders(accountId, storage);
    const rateLimited = error instanceof EbayFunctionError && error.rateLimited;
    if (!cached && !rateLimited) throw error;
    return {
      orders: cached?.orders ?? [],
      source: 'cached',
      savedAt: cached?.savedAt ?? null,
      rateLimitedMinutes: rateLimited ? (error as EbayFunctionError).minutesRemaining : null,
      retryAfterSeconds: rateLimited
        ? Number((error as EbayFunctionError).body.retryAfterSeconds) || null
        : null,
      failed: !rateLimited,
      total: null,
      more: false,
    };
  }
}

/** The account's recent eBay orders; `country`: the seller's eBay country (preferences). */
export function useOrders(accountId: AccountId, enabled: boolean, country: string | undefined) {
  return useQuery({
    queryKey: ebayKeys.orders(accountId),
    queryFn: () => getOrders(accountId, country),
    enabled: enabled && Boolean(accountId),
    staleTime: 2 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
