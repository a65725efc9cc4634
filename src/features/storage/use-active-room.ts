import { useCallback, useMemo, useState } from 'react';
import { activeRoomAfterReload, activeRoomAfterRemoval } from '../../domain/active-room';
import { readStored, writeStored } from '../../lib/browser-storage';
import type { Room } from '../../data/storage/types';

/** Per user, so two sellers on one browser keep their own room. */
export function activeRoomStorageKey(userId: string): string {
  return `stockroom.activeRoom.${userId}`;
}

// Storage disabled: the first room it is, and a choice lasts until reload.
const readRemembered = (userId: string) => readStored(activeRoomStorageKey(userId));
const remember = (userId: string, roomId: string | null) =>
  writeStored(activeRoomStorageKey(userId), roomId || null);

/**
 * The active room (SPEC 4): remembered across reloads while it exists, else the first room.
 * `forgetRoom` is called before a room is removed so the first other room takes over.
 */
export function useActiveRoom(userId: string, rooms: readonly Room[]) {
  const [remembered, setRemembered] = useState(() => readRemembered(userId));
  const activeRoom = useMemo(() => activeRoomAfterReload(rooms, remembered), [rooms, remembered]);

  const selectRoom = useCallback(
    (roomId: string) => {
      remember(userId, roomId);
      setRemembered(roomId);
    },
    [userId],
  );

  const forgetRoom = useCallback(
    (roomId: string) => {
      const next = activeRoomAfterRemoval(rooms, roomId, activeRoom?.room_id);
      remember(userId, next?.room_id ?? null);
      setRemembered(next?.room_id ?? null);
    },
    [rooms, activeRoom, userId],
  );

  return { activeRoom, selectRoom, forgetRoom };
}
