import { useMemo } from 'react';
import { useAccountId, useAccountPlanId } from '../account';
import { useListsEverything, useShelfCheck } from '../../data/ebay/shelf-check';
import { countOf } from '../../domain/plural';
import { planAllows } from '../../domain/plans';

export interface EbayCheckNotification {
  id: string;
  message: string;
}

/**
 * The bell's eBay Check entries (issue #41): how many active listings are on no shelf, and, for
 * a seller who lists everything, how many shelved items have no listing. Not dismissed: they go
 * when the listings are placed or linked.
 */
export function useEbayCheckNotifications() {
  const accountId = useAccountId();
  const allowed = planAllows(useAccountPlanId(), 'listings');
  const check = useShelfCheck(accountId, allowed);
  const listsEverything = useListsEverything();
  const notifications = useMemo<EbayCheckNotification[]>(() => {
    const rows = check.data ?? [];
    const listings = rows.filter((row) => row.kind === 'listing').length;
    const items = listsEverything ? rows.filter((row) => row.kind === 'item').length : 0;
    return [
      ...(listings > 0
        ? [{ id: 'ebay-listings', message: `${countOf(listings, 'eBay listing')} on no shelf` }]
        : []),
      ...(items > 0
        ? [{ id: 'ebay-items', message: `${countOf(items, 'shelved item')} with no eBay listing` }]
        : []),
    ];
  }, [check.data, listsEverything]);
  return { notifications, refresh: () => void check.refetch() };
}
