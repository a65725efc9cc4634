import { useQuery } from '@tanstack/react-query';
import { useStockroomId } from '../account';
import { useAuth } from '../auth';
import { usePreferences } from '../settings';
import { callEbayFunction, EbayFunctionError } from '../../data/ebay/ebay-functions';
import { ebayKeys } from '../../data/ebay/keys';

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
 * The last orders fetched, per seller, in localStorage (SPEC 8: on failure the cached orders
 * are shown). Orders hold order numbers, buyer names and items, nothing secret; they are
 * removed with the rest of the seller's browser data on sign-out by the browser's own rules.
 */
export const ordersStorageKey = (userId: string) => `stockroom.ebay.orders.${userId}`;

export function readCachedOrders(userId: string, storage: Storage = localStorage) {
  try {
    const raw = storage.getItem(ordersStorageKey(userId));
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
  userId: string,
  orders: EbayOrder[],
  storage: Storage = localStorage,
) {
  try {
    storage.setItem(
      ordersStorageKey(userId),
      JSON.stringify({ savedAt: new Date().toISOString(), orders }),
    );
  } catch {
    // A full or disabled storage only costs the offline copy.
  }
}

export async function getOrders(
  userId: string,
  country: string | undefined,
  storage: Storage = localStorage,
): Promise<OrdersResult> {
  try {
    const { orders, total, more } = await callEbayFunction<{
      orders: EbayOrder[];
      total?: number;
      more?: boolean;
    }>('ebay-get-orders', { country });
    saveCachedOrders(userId, orders, storage);
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
    const cached = readCachedOrders(userId, storage);
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

export function useOrders(enabled: boolean) {
  const { user } = useAuth();
  const stockroomId = useStockroomId();
  const userId = stockroomId;
  const country = usePreferences().data?.ebay_country;
  return useQuery({
    queryKey: ebayKeys.orders(userId),
    queryFn: () => getOrders(userId, country),
    enabled: enabled && Boolean(user),
    staleTime: 2 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
