export interface OrderedRoom {
  room_id: string;
  room_index: number;
}

function firstRoom<T extends OrderedRoom>(rooms: readonly T[]): T | null {
  let first: T | null = null;
  for (const room of rooms) if (first === null || room.room_index < first.room_index) first = room;
  return first;
}

/** After a reload: the remembered room if it still exists, else the first room, else none. */
export function activeRoomAfterReload<T extends OrderedRoom>(
  rooms: readonly T[],
  rememberedRoomId: string | null | undefined,
): T | null {
  return rooms.find((room) => room.room_id === rememberedRoomId) ?? firstRoom(rooms);
}

/**
 * The active room once `removedRoomId` is gone: unchanged when another room was removed, else
 * the first of the other rooms (by room_index), or none when it was the last.
 */
export function activeRoomAfterRemoval<T extends OrderedRoom>(
  rooms: readonly T[],
  removedRoomId: string,
  activeRoomId: string | null | undefined,
): T | null {
  const remaining = rooms.filter((room) => room.room_id !== removedRoomId);
  if (activeRoomId !== removedRoomId) return activeRoomAfterReload(remaining, activeRoomId);
  return firstRoom(remaining);
}
