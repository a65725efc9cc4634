/** Query keys of the picked order lines and linked SKUs, scoped by user. */
export const pickingKeys = {
  picks: (userId: string) => ['picking', userId, 'picks'] as const,
  links: (userId: string) => ['picking', userId, 'sku-links'] as const,
};
