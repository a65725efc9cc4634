import { useCallback, useMemo, useState } from 'react';
import { activeRoomAfterReload, activeRoomAfterRemoval } from '../../domain/active-room';
import { readRememberedRoom, rememberRoom } from '../../data/storage/remembered-room';
import type { Room } from '../../data/storage/types';
import type { AccountId } from '../../domain/ids';

/**
 * The active room (docs/product.md#storage): remembered across reloads while it exists, else the
 * first room. `forgetRoom` is called before a room is removed so the first other room takes over.
 */
export function useActiveRoom(accountId: AccountId, rooms: readonly Room[]) {
  const [remembered, setRemembered] = useState(() => readRememberedRoom(accountId));
  const activeRoom = useMemo(() => activeRoomAfterReload(rooms, remembered), [rooms, remembered]);

  const selectRoom = useCallback(
    (roomId: string) => {
      rememberRoom(accountId, roomId);
      setRemembered(roomId);
    },
    [accountId],
  );

  const forgetRoom = useCallback(
    (roomId: string) => {
      const next = activeRoomAfterRemoval(rooms, roomId, activeRoom?.room_id);
      rememberRoom(accountId, next?.room_id ?? null);
      setRemembered(next?.room_id ?? null);
    },
    [rooms, activeRoom, accountId],
  );

  return { activeRoom, selectRoom, forgetRoom };
}
