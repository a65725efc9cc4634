import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { usePreferences } from '../settings';
import { callEbayFunction, EbayFunctionError } from './ebay-functions';
import { ebayKeys } from './keys';

export interface EbayInventoryEntry {
  sku: string;
  title: string;
  quantity: number;
  condition: string | null;
  imageUrl: string | null;
}

export interface InventoryPage {
  inventory: EbayInventoryEntry[];
  pagination: { page: number; totalPages: number; totalItems: number; itemsPerPage: number };
  fetchedAt: string | null;
  cached: boolean;
  rateLimitedMinutes: number | null;
}

/** One page (200) of the seller's eBay inventory; a rate-limited refresh gives the stored page. */
export async function getInventoryPage(
  page: number,
  country: string | undefined,
): Promise<InventoryPage> {
  try {
    const body = await callEbayFunction<Omit<InventoryPage, 'rateLimitedMinutes'>>(
      `ebay-get-inventory?page=${page}`,
      { country },
    );
    return { ...body, rateLimitedMinutes: null };
  } catch (error) {
    if (error instanceof EbayFunctionError && error.rateLimited && error.body.pagination) {
      return {
        ...(error.body as unknown as InventoryPage),
        rateLimitedMinutes: error.minutesRemaining,
      };
    }
    throw error;
  }
}

export function useEbayInventory(page: number, enabled: boolean) {
  const { user } = useAuth();
  const country = usePreferences().data?.ebay_country;
  return useQuery({
    queryKey: ebayKeys.inventory(user?.id ?? '', page),
    queryFn: () => getInventoryPage(page, country),
    enabled: enabled && Boolean(user),
    placeholderData: keepPreviousData,
    staleTime: 8 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
