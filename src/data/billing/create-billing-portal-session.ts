import { texts } from '../../lib/messages';
import { BillingError, callBillingFunction, settingsUrl } from './billing-functions';

/** Stripe's billing portal for the account's customer; resolves to the portal's URL. */
export async function createBillingPortalSession(): Promise<string> {
  const result = await callBillingFunction<{ url?: unknown }>('create-billing-portal-session', {
    returnUrl: settingsUrl(''),
  });
  if (typeof result.url !== 'string' || result.url === '') {
    throw new BillingError(texts.noSessionUrl, 200);
  }
  return result.url;
}
