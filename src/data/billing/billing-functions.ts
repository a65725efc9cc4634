import type { PlanId } from '../../domain/plans';
import { texts } from '../../lib/messages';
import { callFunction } from '../call-function';
import { DataError } from '../errors';

/**
 * One call to a billing Netlify function with the seller's access token. The functions answer
 * `{ error }` on failure; anything that is not JSON is 'Invalid response from server' (SPEC 8).
 */
export class BillingError extends DataError {
  declare readonly status: number;
  /** The payment provider's explanation when there is one worth showing (a declined card). */
  readonly detail: string | undefined;
  constructor(message: string, status: number, detail?: string) {
    super(detail ? `${message}: ${detail}` : message, {
      status,
      ...(status === 0 ? { code: 'network' } : {}),
    });
    this.name = 'BillingError';
    this.detail = detail;
  }

  /** The server refused the plan id ('Invalid Plan'). */
  get invalidPlan(): boolean {
    return this.status === 400 && this.message === 'Invalid Plan';
  }
}

export function callBillingFunction<T>(
  name: string,
  body: Record<string, unknown> = {},
  fallbackError: string = texts.unexpectedError,
): Promise<T> {
  return callFunction<T, BillingError>({
    name,
    body,
    notSignedIn: texts.notAuthenticated,
    failed: fallbackError,
    toError: ({ status, code, body: answer, message }) => {
      // Only the function's own refusal carries the provider's explanation (a declined card).
      const detail =
        code !== 'session_ended' && typeof answer.detail === 'string' ? answer.detail : undefined;
      return new BillingError(message, status, detail);
    },
  });
}

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
