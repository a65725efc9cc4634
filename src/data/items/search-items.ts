import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { matchKey } from '../../domain/text-match';
import { loadSupabase } from '../../lib/supabase-client';
import { searchItemsByBarcode } from './barcode-search';
import { itemKeys } from './keys';

export function barcodeSearchQueryOptions(userId: string, query: string) {
  return queryOptions({
    queryKey: itemKeys.barcodeSearch(userId, matchKey(query)),
    queryFn: async () => searchItemsByBarcode(await loadSupabase(), query),
    staleTime: 10_000,
  });
}

export function useBarcodeSearch(userId: string, query: string, enabled: boolean) {
  return useQuery({
    ...barcodeSearchQueryOptions(userId, query),
    enabled: enabled && matchKey(query) !== '',
    placeholderData: keepPreviousData,
  });
}
