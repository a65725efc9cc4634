import { readStored, writeStored } from '../../lib/browser-storage';
import type { AccountId } from '../../domain/ids';

/**
 * The inventory remembers the seller's active room in localStorage under this key (see
 * useActiveRoom in src/features/storage); the 3D view opens on the same room and, when the
 * seller switches rooms here, remembers it there too. Written out rather than imported so the
 * 3D page does not pull the whole inventory screen into its chunk; a unit test checks the two
 * keys agree.
 */
export function rememberedRoomKey(accountId: AccountId): string {
  return `stockroom.activeRoom.${accountId}`;
}

// Storage disabled: the first room it is, and a choice lasts as long as the URL.
export function readRememberedRoom(accountId: AccountId): string | null {
  return readStored(rememberedRoomKey(accountId));
}

export function rememberRoom(accountId: AccountId, roomId: string): void {
  writeStored(rememberedRoomKey(accountId), roomId);
}
