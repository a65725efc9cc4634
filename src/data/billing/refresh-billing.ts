import { useQueryClient } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { subscriptionKeys } from '../subscription/keys';
import { billingKeys } from './keys';

/** After any billing change: the plan, the banner and the usage view read fresh rows. */
export function useRefreshBilling(accountId: AccountId) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.byAccount(accountId) }),
      queryClient.invalidateQueries({ queryKey: billingKeys.usage(accountId) }),
    ]);
}
