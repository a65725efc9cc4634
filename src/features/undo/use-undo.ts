import { useCallback } from 'react';
import { notify, UNDO_TOAST_DURATION_MS, type NotifyOptions } from '../../components/toasts';
import { toDataError } from '../../data/errors';
import { outboxFor } from '../../data/offline/outbox';
import { planLimitToastFromError } from '../../data/storage/plan-limit';
import {
  latestChangeId,
  useUndoChangeMutation,
  type UndoableAction,
} from '../../data/undo/undo-change';
import { messages, type ToastMessage } from '../../lib/messages';
import type { AccountId } from '../../domain/ids';

/**
 * Undo with its toasts: 'Undone' with what was taken back, or why not (the database's words,
 * e.g. "Can't undo: "Blue mug" was changed since.", or the plan limit a put-back row hit).
 */
export function useUndo(accountId: AccountId) {
  const { mutate, isPending } = useUndoChangeMutation(accountId, {
    onSuccess: (change) => notify(messages.undone(change.summary), { id: 'undo-result' }),
    onError: (error) =>
      notify(
        planLimitToastFromError(error, 'free') ?? messages.undoFailed(toDataError(error).message),
        { id: 'undo-result' },
      ),
  });
  return { undo: mutate, isPending };
}

/** One Undo offer at a time: the next undoable action's toast replaces the last one. */
export const UNDO_TOAST_ID = 'undo-offer';

/**
 * Shows a success toast that offers Undo for 10 s (held while focused or touched), replacing
 * the previous offer. The change's id is asked for at once
 * (the call that made it has answered, so it is the seller's newest of that action) and used
 * when Undo is pressed.
 */
export function useUndoOffer(accountId: AccountId) {
  const { undo } = useUndo(accountId);
  return useCallback(
    (
      message: ToastMessage,
      action: UndoableAction,
      options: Omit<NotifyOptions, 'action'> = {},
    ) => {
      // A change that waits in the device's queue is not in the database yet: nothing to undo.
      if (accountId !== '' && outboxFor(accountId).snapshot.waiting.length > 0) {
        return notify(message, options);
      }
      const changeId = latestChangeId(action).catch(() => null);
      return notify(message, {
        id: UNDO_TOAST_ID,
        duration: UNDO_TOAST_DURATION_MS,
        ...options,
        action: {
          label: 'Undo',
          testId: 'toast-undo',
          onClick: () => {
            void changeId.then((id) => {
              if (id === null) notify(messages.undoFailed(), { id: 'undo-result' });
              else undo(id);
            });
          },
        },
      });
    },
    [undo, accountId],
  );
}
