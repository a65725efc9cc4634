import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archiveExcessStorage,
  cancelSubscription,
  changeSubscriptionPlan,
} from '../../data/billing/billing-functions';
import { billingKeys } from '../../data/billing/keys';
import { getUsage } from '../../data/billing/usage';
import { subscriptionKeys } from '../subscription';

export {
  BillingError,
  createBillingPortalSession,
  createCheckoutSession,
  type ArchiveResult,
  type PlanChangeResult,
} from '../../data/billing/billing-functions';

export function useUsage(userId: string | undefined) {
  return useQuery({
    queryKey: billingKeys.usage(userId ?? ''),
    queryFn: () => getUsage(userId!),
    enabled: userId !== undefined,
  });
}

/** After any billing change: the plan, the banner and the usage view read fresh rows. */
function useRefreshBilling(userId: string | undefined) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.byUser(userId ?? '') }),
      queryClient.invalidateQueries({ queryKey: billingKeys.usage(userId ?? '') }),
    ]);
}

export function useChangePlan(userId: string | undefined) {
  const refresh = useRefreshBilling(userId);
  return useMutation({ mutationFn: changeSubscriptionPlan, onSettled: refresh });
}

export function useCancelSubscription(userId: string | undefined) {
  const refresh = useRefreshBilling(userId);
  return useMutation({ mutationFn: cancelSubscription, onSettled: refresh });
}

export function useArchiveExcessStorage(userId: string | undefined) {
  const refresh = useRefreshBilling(userId);
  return useMutation({ mutationFn: archiveExcessStorage, onSettled: refresh });
}
