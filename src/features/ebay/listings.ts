import type { AccountId } from '../../domain/ids';
import { notify } from '../../components/toasts';
import { messages } from '../../lib/messages';
import { notifyFailure } from '../storage';
import { useHideListingMutation, usePlaceListingMutation } from '../../data/ebay/listings';

/**
 * Puts a listing on a shelf, saying so (data/ebay/listings placeListing); the drag-and-drop
 * drop calls the same mutation. A refusal is told in the plan's words.
 */
export function usePlaceListing(accountId: AccountId, planId: string) {
  return usePlaceListingMutation(accountId, {
    onSuccess: (_item, { listing }) => notify(messages.ebayItemAdded(listing.title)),
    onError: (error) => notifyFailure(error, planId, messages.ebayItemAdd),
  });
}

/** Takes a listing off the list without placing it (it stays hidden after later syncs). */
export function useHideListing(accountId: AccountId) {
  return useHideListingMutation(accountId, { onError: () => notify(messages.cleanupFailed()) });
}
