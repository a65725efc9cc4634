/**
 * Pure reading of a subscription row: is it overdue, and which plan does it give? A missing row
 * means the account never subscribed, i.e. the free plan.
 */
export interface SubscriptionLike {
  plan_id: string | null;
  status: string | null;
  deadline_date?: string | null;
}

export function isOverdue(subscription: SubscriptionLike | null | undefined): boolean {
  return subscription?.status === 'past_due';
}

export function currentPlanId(subscription: SubscriptionLike | null | undefined): string {
  return subscription?.plan_id ?? 'free';
}
