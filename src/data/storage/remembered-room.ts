import { readStored, writeStored } from '../../lib/browser-storage';
import type { AccountId } from '../../domain/ids';

/**
 * The seller's active room, remembered per account on this device: the inventory
 * (useActiveRoom), the 3D view and a first visit's early reads (pages/dashboard/prefetch-screen)
 * all open on the same room.
 */
export function rememberedRoomKey(accountId: AccountId): string {
  return `stockroom.activeRoom.${accountId}`;
}

// Storage disabled: the first room it is, and a choice lasts until reload.
export function readRememberedRoom(accountId: AccountId): string | null {
  return readStored(rememberedRoomKey(accountId));
}

export function rememberRoom(accountId: AccountId, roomId: string | null): void {
  writeStored(rememberedRoomKey(accountId), roomId || null);
}
