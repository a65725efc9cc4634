import { readStored, writeStored } from '../../lib/browser-storage';

/**
 * The inventory remembers the seller's active room in localStorage under this key (see
 * useActiveRoom in src/features/storage); the 3D view opens on the same room and, when the
 * seller switches rooms here, remembers it there too. Written out rather than imported so the
 * 3D page does not pull the whole inventory screen into its chunk; a unit test checks the two
 * keys agree.
 */
export function rememberedRoomKey(userId: string): string {
  return `stockroom.activeRoom.${userId}`;
}

// Storage disabled: the first room it is, and a choice lasts as long as the URL.
export function readRememberedRoom(userId: string): string | null {
  return readStored(rememberedRoomKey(userId));
}

export function rememberRoom(userId: string, roomId: string): void {
  writeStored(rememberedRoomKey(userId), roomId);
}
