import { useMutation } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import type { PlanId } from '../../domain/plans';
import { texts } from '../../lib/messages';
import { callBillingFunction, type PlanChangeResult } from './billing-functions';
import { useRefreshBilling } from './refresh-billing';

/** Moves the account to another plan (or reactivates the current one) through Stripe. */
export function changeSubscriptionPlan(newPlanId: PlanId): Promise<PlanChangeResult> {
  return callBillingFunction<PlanChangeResult>(
    'change-subscription-plan',
    { newPlanId },
    texts.updateSubscriptionFailed,
  );
}

export function useChangePlan(accountId: AccountId) {
  const refresh = useRefreshBilling(accountId);
  return useMutation({ mutationFn: changeSubscriptionPlan, onSettled: refresh });
}
