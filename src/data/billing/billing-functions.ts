import { texts } from '../../lib/messages';
import { callFunction } from '../call-function';
import { DataError } from '../errors';

/**
 * One call to a billing Netlify function with the seller's access token. The functions answer
 * `{ error }` on failure; anything that is not JSON is 'Invalid response from server'
 * (docs/product.md#messages).
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

/** Where Stripe sends the seller back to: this tab, saying how checkout went. */
export function settingsUrl(query: string): string {
  return `${window.location.origin}/dashboard/settings?tab=subscription${query}`;
}
