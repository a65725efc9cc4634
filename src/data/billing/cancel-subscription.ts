import { useMutation } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { texts } from '../../lib/messages';
import { callBillingFunction, type PlanChangeResult } from './billing-functions';
import { useRefreshBilling } from './refresh-billing';

/** Cancels the account's paid plan at the end of its billing period. */
export function cancelSubscription(): Promise<PlanChangeResult> {
  return callBillingFunction<PlanChangeResult>('cancel-subscription', {}, texts.cancelFailed);
}

export function useCancelSubscription(accountId: AccountId) {
  const refresh = useRefreshBilling(accountId);
  return useMutation({ mutationFn: cancelSubscription, onSettled: refresh });
}
