import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import type { Usage } from '../../domain/plans';
import { countOwnRows } from '../count-rows';
import { billingKeys } from './keys';

const FAILURE = 'Your usage could not be counted';

/** How much the account stores, to show against the plan's limits. */
export async function getUsage(accountId: AccountId): Promise<Usage> {
  const [items, units, rooms] = await Promise.all([
    countOwnRows('storage_items', accountId, FAILURE),
    countOwnRows('storage_units', accountId, FAILURE),
    countOwnRows('storage_rooms', accountId, FAILURE),
  ]);
  return { items, units, rooms };
}

export function usageQueryOptions(accountId: AccountId) {
  return queryOptions({
    queryKey: billingKeys.usage(accountId),
    queryFn: () => getUsage(accountId),
  });
}

/** Nothing is counted without an account (signed out). */
export function useUsage(accountId: AccountId) {
  return useQuery({ ...usageQueryOptions(accountId), enabled: Boolean(accountId) });
}
