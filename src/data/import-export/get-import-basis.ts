import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AccountId } from '../../domain/ids';
import { preferencesQueryOptions } from '../settings/get-preferences';
import { storageTreeQueryOptions } from '../storage/get-storage-tree';
import { getAllItems } from './get-all-items';
import { itemCountQueryOptions } from './get-item-count';

/**
 * What an import file is checked against, as the server has it now: the storage tree and the
 * item count (both read afresh), the seller's date format, and the items a row may update
 * (matched by SKU, else barcode). The tree and preferences land in the screens' caches too.
 */
export async function getImportBasis(queryClient: QueryClient, accountId: AccountId) {
  const [rooms, currentItemCount, dateFormat, existingItems] = await Promise.all([
    queryClient.fetchQuery({ ...storageTreeQueryOptions(accountId), staleTime: 0 }),
    queryClient.fetchQuery(itemCountQueryOptions(accountId)),
    queryClient
      .fetchQuery(preferencesQueryOptions(accountId))
      .then((preferences) => preferences.date_format),
    getAllItems(accountId),
  ]);
  return { rooms, currentItemCount, dateFormat, existingItems };
}

export type ImportBasis = Awaited<ReturnType<typeof getImportBasis>>;

/** getImportBasis for the account, read when a file is chosen. */
export function useGetImportBasis(accountId: AccountId): () => Promise<ImportBasis> {
  const queryClient = useQueryClient();
  return useCallback(() => getImportBasis(queryClient, accountId), [queryClient, accountId]);
}
