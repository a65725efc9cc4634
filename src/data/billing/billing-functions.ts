import type { PlanId } from '../../domain/plans';
import { loadSupabase } from '../../lib/supabase-client';
import { texts } from '../../lib/messages';
import { checkSessionAfterRefusal } from '../auth/session-check';
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

export async function callBillingFunction<T>(
  name: string,
  body: Record<string, unknown> = {},
  fallbackError: string = texts.unexpectedError,
): Promise<T> {
  // Loaded on demand: the pricing page's upgrade button must not pull supabase-js into the
  // landing bundle.
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new BillingError(texts.notAuthenticated, 401);

  let response: Response;
  try {
    response = await fetch(`/.netlify/functions/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  } catch {
    throw new BillingError(fallbackError, 0);
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new BillingError(texts.invalidResponse, response.status);
  }
  if (typeof json !== 'object' || json === null) {
    throw new BillingError(texts.invalidResponse, response.status);
  }
  const record = json as Record<string, unknown>;
  // Refused as not signed in: if Auth has ended the session (a password change elsewhere), the
  // app signs out here too and asks the seller to sign in again, instead of half-working.
  if (response.status === 401 && (await checkSessionAfterRefusal())) {
    throw new BillingError(texts.sessionEnded, 401);
  }
  if (!response.ok) {
    const message = typeof record.error === 'string' ? record.error : fallbackError;
    const detail = typeof record.detail === 'string' ? record.detail : undefined;
    throw new BillingError(message, response.status, detail);
  }
  return record as T;
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
