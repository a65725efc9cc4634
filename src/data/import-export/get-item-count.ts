import { queryOptions } from '@tanstack/react-query';
import { countOwnRows } from '../count-rows';
import { importExportKeys } from './keys';

/** How many items the seller has, for the plan-limit check before an import. */
export function getItemCount(userId: string): Promise<number> {
  return countOwnRows('storage_items', userId);
}

export function itemCountQueryOptions(userId: string) {
  return queryOptions({
    queryKey: importExportKeys.itemCount(userId),
    queryFn: () => getItemCount(userId),
    staleTime: 0,
  });
}
