import { queryOptions } from '@tanstack/react-query';
import { countOwnRows } from '../count-rows';
import { importExportKeys } from './keys';
import type { AccountId } from '../../domain/ids';

/** How many items the seller has, for the plan-limit check before an import. */
export function getItemCount(accountId: AccountId): Promise<number> {
  return countOwnRows('storage_items', accountId);
}

export function itemCountQueryOptions(accountId: AccountId) {
  return queryOptions({
    queryKey: importExportKeys.itemCount(accountId),
    queryFn: () => getItemCount(accountId),
    staleTime: 0,
  });
}
