import { consentUrl } from '../../data/ebay/connection';
import { createState, rememberState } from './oauth-state';

/** Sends the seller to eBay's consent page with a fresh state remembered for the callback. */
export async function startConnect(
  navigate: (url: string) => void = (url) => window.location.assign(url),
) {
  const state = createState();
  rememberState(state);
  navigate(await consentUrl(state));
}
