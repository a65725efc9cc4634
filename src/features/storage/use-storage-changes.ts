import { notify } from '../../components/toasts';
import { toDataError } from '../../data/errors';
import { useAddIsleMutation } from '../../data/storage/add-isle';
import { useAddRoomMutation } from '../../data/storage/add-room';
import { useAddShelfMutation } from '../../data/storage/add-shelf';
import { useAddUnitMutation } from '../../data/storage/add-unit';
import { useRemoveIsleMutation } from '../../data/storage/remove-isle';
import { useRemoveRoomMutation } from '../../data/storage/remove-room';
import { useRemoveShelfMutation } from '../../data/storage/remove-shelf';
import { useRemoveUnitMutation } from '../../data/storage/remove-unit';
import { useRenameRoomMutation } from '../../data/storage/rename-room';
import { useRenameUnitMutation } from '../../data/storage/rename-unit';
import { useRenumberIsleMutation } from '../../data/storage/renumber-isle';
import { messages } from '../../lib/messages';
import { notifyFailure } from './notify-failure';
import type { AccountId } from '../../domain/ids';

function unitNameInUse(unitName: string): string {
  return `A unit named ${unitName} is already in this isle`;
}

/** The storage screen's changes with the toast for each (docs/product.md#messages). */
export function useStorageChanges(accountId: AccountId, planId: string) {
  return {
    addRoom: useAddRoomMutation(accountId, planId, {
      onSuccess: (room) => notify(messages.roomAdded(room.room_name)),
      onError: (error) => notifyFailure(error, planId, messages.roomAdd),
    }),
    renameRoom: useRenameRoomMutation(accountId, {
      onError: (error) => notifyFailure(error, planId, messages.roomUpdate),
    }),
    removeRoom: useRemoveRoomMutation(accountId, {
      onError: (error) => notifyFailure(error, planId, messages.roomDelete),
    }),
    addIsle: useAddIsleMutation(accountId, planId, {
      onError: (error, input) =>
        notifyFailure(error, planId, (detail) =>
          toDataError(error).duplicate
            ? messages.isleIndexInUse(input.isleIndex)
            : messages.storageAdd(detail),
        ),
    }),
    renumberIsle: useRenumberIsleMutation(accountId, {
      onSuccess: (_data, { isleIndex }) => notify(messages.isleIndexUpdated(isleIndex)),
      onError: (error, { isleIndex }) =>
        notifyFailure(error, planId, (detail) =>
          toDataError(error).duplicate
            ? messages.isleIndexInUse(isleIndex)
            : messages.isleUpdate(detail),
        ),
    }),
    removeIsle: useRemoveIsleMutation(accountId, {
      onError: (error) => {
        // A failed isle removal is logged (docs/product.md#messages); the seller also sees the
        // isle come back, so say why rather than leave them guessing.
        console.error('remove_isle failed', error);
        notifyFailure(error, planId, messages.isleDelete);
      },
    }),
    addUnit: useAddUnitMutation(accountId, planId, {
      onError: (error) => notifyFailure(error, planId, messages.unitAdd),
    }),
    renameUnit: useRenameUnitMutation(accountId, {
      onError: (error, { unitName }) =>
        notifyFailure(error, planId, (detail) =>
          messages.genericError(
            toDataError(error).duplicate ? unitNameInUse(unitName.trim()) : detail,
          ),
        ),
    }),
    removeUnit: useRemoveUnitMutation(accountId, {
      onError: (error) => notifyFailure(error, planId, messages.unitDelete),
    }),
    addShelf: useAddShelfMutation(accountId, {
      onError: (error) => notifyFailure(error, planId, messages.shelfAdd),
    }),
    removeShelf: useRemoveShelfMutation(accountId, {
      onError: (error) => notifyFailure(error, planId, messages.shelfRemove),
    }),
  };
}
