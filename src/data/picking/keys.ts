import type { AccountId } from '../../domain/ids';

/** Query keys of the picked order lines and linked SKUs, scoped by account. */
export const pickingKeys = {
  picks: (accountId: AccountId) => ['picking', accountId, 'picks'] as const,
  links: (accountId: AccountId) => ['picking', accountId, 'sku-links'] as const,
};
