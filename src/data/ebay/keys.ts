/** Query keys of the eBay data, scoped by user so accounts never share cache. */
export const ebayKeys = {
  all: ['ebay'] as const,
  connection: (userId: string) => ['ebay', userId, 'connection'] as const,
  listings: (userId: string) => ['ebay', userId, 'listings'] as const,
  orders: (userId: string) => ['ebay', userId, 'orders'] as const,
  inventory: (userId: string, page: number) => ['ebay', userId, 'inventory', page] as const,
};
