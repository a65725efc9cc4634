import { useMemo } from 'react';
import { useAccountId, useAccountPlanId } from '../account';
import {
  UNPICKED_DAYS,
  useListsEverything,
  useShelfCheck,
  useUnpickedLines,
} from '../../data/ebay/shelf-check';
import { countOf } from '../../domain/plural';
import { planAllows } from '../../domain/plans';

export interface EbayCheckNotification {
  id: string;
  message: string;
}

/**
 * The bell's eBay Check entries (issue #41): how many active listings are on no shelf, and, for
 * a seller who lists everything, how many shelved items have no listing, and how many order
 * lines wait unpicked for more than UNPICKED_DAYS days. Not dismissed: they go
 * when the listings are placed or linked.
 */
export function useEbayCheckNotifications() {
  const accountId = useAccountId();
  const allowed = planAllows(useAccountPlanId(), 'listings');
  const check = useShelfCheck(accountId, allowed);
  const listsEverything = useListsEverything();
  const unpicked = useUnpickedLines(
    accountId,
    UNPICKED_DAYS,
    planAllows(useAccountPlanId(), 'orders'),
  );
  const notifications = useMemo<EbayCheckNotification[]>(() => {
    const rows = check.data ?? [];
    const listings = rows.filter((row) => row.kind === 'listing').length;
    const items = listsEverything ? rows.filter((row) => row.kind === 'item').length : 0;
    const lines = unpicked.data?.length ?? 0;
    return [
      ...(listings > 0
        ? [{ id: 'ebay-listings', message: `${countOf(listings, 'eBay listing')} on no shelf` }]
        : []),
      ...(items > 0
        ? [{ id: 'ebay-items', message: `${countOf(items, 'shelved item')} with no eBay listing` }]
        : []),
      ...(lines > 0
        ? [
            {
              id: 'ebay-lines',
              message: `${countOf(lines, 'eBay order line')} not picked after ${UNPICKED_DAYS} days`,
            },
          ]
        : []),
    ];
  }, [check.data, listsEverything, unpicked.data]);
  return {
    notifications,
    refresh: () => {
      void check.refetch();
      void unpicked.refetch();
    },
  };
}
