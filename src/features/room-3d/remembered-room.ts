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

export function readRememberedRoom(userId: string): string | null {
  try {
    return window.localStorage.getItem(rememberedRoomKey(userId));
  } catch {
    return null; // storage disabled: the first room it is
  }
}

export function rememberRoom(userId: string, roomId: string): void {
  try {
    window.localStorage.setItem(rememberedRoomKey(userId), roomId);
  } catch {
    // storage disabled: the choice lasts as long as the URL
  }
}
