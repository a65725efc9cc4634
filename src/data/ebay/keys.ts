import type { AccountId } from '../../domain/ids';

/** Query keys of the eBay data, scoped by account so accounts never share cache. */
export const ebayKeys = {
  all: ['ebay'] as const,
  connection: (accountId: AccountId) => ['ebay', accountId, 'connection'] as const,
  /** The account's connection as every member sees it (no token details). */
  accountConnection: (accountId: AccountId) => ['ebay', accountId, 'account-connection'] as const,
  listings: (accountId: AccountId) => ['ebay', accountId, 'listings'] as const,
  orders: (accountId: AccountId) => ['ebay', accountId, 'orders'] as const,
  shelfCheck: (accountId: AccountId) => ['ebay', accountId, 'shelf-check'] as const,
  unpicked: (accountId: AccountId, days: number) =>
    ['ebay', accountId, 'shelf-check', 'unpicked', days] as const,
  inventoryPages: (accountId: AccountId) => ['ebay', accountId, 'inventory'] as const,
  inventory: (accountId: AccountId, page: number) =>
    ['ebay', accountId, 'inventory', page] as const,
};
