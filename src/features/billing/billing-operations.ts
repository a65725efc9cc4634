import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '../../domain/plans';
import { texts } from '../../lib/messages';
import { loadSupabase } from '../../lib/supabase-client';
import { subscriptionKeys } from '../subscription';
import { BillingError, callBillingFunction } from './billing-api';
import { billingKeys } from './keys';
import type { Usage } from './plan-change';

export interface PlanChangeResult {
  planId: string;
  status: string;
  cancelAt: string | null;
  targetPlanId: string | null;
}

export interface ArchiveResult {
  archived: boolean;
  planId: string;
  backupId: string | null;
  removed: { rooms: number; isles: number; units: number; items: number };
}

/** Where Stripe sends the seller back to: this tab, saying how checkout went. */
function settingsUrl(query: string): string {
  return `${window.location.origin}/dashboard/settings?tab=subscription${query}`;
}

/** Starts Stripe Checkout for a paid plan; resolves to the hosted page's URL. */
export async function createCheckoutSession(planId: PlanId): Promise<string> {
  const result = await callBillingFunction<{ sessionUrl?: unknown }>(
    'create-checkout-session',
    {
      planId,
      successUrl: settingsUrl('&checkout=success&session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: settingsUrl('&checkout=cancelled'),
    },
    texts.checkoutFailed,
  );
  if (typeof result.sessionUrl !== 'string' || result.sessionUrl === '') {
    throw new BillingError(texts.noSessionUrl, 200);
  }
  return result.sessionUrl;
}

export function changeSubscriptionPlan(newPlanId: PlanId): Promise<PlanChangeResult> {
  return callBillingFunction<PlanChangeResult>(
    'change-subscription-plan',
    { newPlanId },
    texts.updateSubscriptionFailed,
  );
}

export function cancelSubscription(): Promise<PlanChangeResult> {
  return callBillingFunction<PlanChangeResult>('cancel-subscription', {}, texts.cancelFailed);
}

export async function createBillingPortalSession(): Promise<string> {
  const result = await callBillingFunction<{ url?: unknown }>('create-billing-portal-session', {
    returnUrl: settingsUrl(''),
  });
  if (typeof result.url !== 'string' || result.url === '') {
    throw new BillingError(texts.noSessionUrl, 200);
  }
  return result.url;
}

export function archiveExcessStorage(): Promise<ArchiveResult> {
  return callBillingFunction<ArchiveResult>('archive-excess-storage', {}, texts.archiveFailed);
}

async function countRows(
  table: 'storage_items' | 'storage_units' | 'storage_rooms',
  userId: string,
) {
  const supabase = await loadSupabase();
  const { count, error } = await supabase
    .from(table)
    .select('*', { count: 'exact', head: true })
    .eq('user_id', userId);
  if (error) throw error;
  return count ?? 0;
}

/** How much the seller stores, to show against the plan's limits. */
export async function getUsage(userId: string): Promise<Usage> {
  const [items, units, rooms] = await Promise.all([
    countRows('storage_items', userId),
    countRows('storage_units', userId),
    countRows('storage_rooms', userId),
  ]);
  return { items, units, rooms };
}

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
