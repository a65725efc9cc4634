import { notify } from '../../components/toasts';
import { isNetworkFailure } from '../../data/errors';
import { useAddItemMutation } from '../../data/items/add-item';
import { useDeleteItemsMutation } from '../../data/items/delete-items';
import { useUpdateItemMutation } from '../../data/items/update-item';
import { messages } from '../../lib/messages';
import { notifyFailure } from '../storage';
import type { AccountId } from '../../domain/ids';

/**
 * Adds an item ('Item Added'), or says why not. A save that never reached the server is said in
 * the Add item dialog, beside the values kept (items-context), not in a toast as well.
 */
export function useAddItem(accountId: AccountId, planId: string) {
  return useAddItemMutation(accountId, planId, {
    onSuccess: (item) => notify(messages.itemAdded(item.item_name)),
    onError: (error) => {
      if (!isNetworkFailure(error)) notifyFailure(error, planId, messages.itemAdd);
    },
  });
}

/** Changes an item; a refusal says 'Update Failed'. */
export function useUpdateItem(accountId: AccountId) {
  return useUpdateItemMutation(accountId, {
    onError: (error) => notifyFailure(error, '', messages.itemUpdate),
  });
}

/** Removes items; a refusal says 'Delete Failed'. */
export function useDeleteItems(accountId: AccountId) {
  return useDeleteItemsMutation(accountId, {
    onError: (error) => notifyFailure(error, '', messages.itemDelete),
  });
}
