import { useCallback, useMemo, useState } from 'react';
import { activeRoomAfterReload, activeRoomAfterRemoval } from '../../domain/active-room';
import { readStored, writeStored } from '../../lib/browser-storage';
import type { Room } from '../../data/storage/types';
import type { AccountId } from '../../domain/ids';

/** Per user, so two sellers on one browser keep their own room. */
export function activeRoomStorageKey(accountId: AccountId): string {
  return `stockroom.activeRoom.${accountId}`;
}

// Storage disabled: the first room it is, and a choice lasts until reload.
const readRemembered = (accountId: AccountId) => readStored(activeRoomStorageKey(accountId));
const remember = (accountId: AccountId, roomId: string | null) =>
  writeStored(activeRoomStorageKey(accountId), roomId || null);

/**
 * The active room (docs/product.md#storage): remembered across reloads while it exists, else the
 * first room. `forgetRoom` is called before a room is removed so the first other room takes over.
 */
export function useActiveRoom(accountId: AccountId, rooms: readonly Room[]) {
  const [remembered, setRemembered] = useState(() => readRemembered(accountId));
  const activeRoom = useMemo(() => activeRoomAfterReload(rooms, remembered), [rooms, remembered]);

  const selectRoom = useCallback(
    (roomId: string) => {
      remember(accountId, roomId);
      setRemembered(roomId);
    },
    [accountId],
  );

  const forgetRoom = useCallback(
    (roomId: string) => {
      const next = activeRoomAfterRemoval(rooms, roomId, activeRoom?.room_id);
      remember(accountId, next?.room_id ?? null);
      setRemembered(next?.room_id ?? null);
    },
    [rooms, activeRoom, accountId],
  );

  return { activeRoom, selectRoom, forgetRoom };
}
