import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readRememberedRoom,
  rememberRoom,
  rememberedRoomKey,
} from '../../../../src/features/room-3d/remembered-room';
import { activeRoomStorageKey } from '../../../../src/features/storage/use-active-room';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the remembered active room', () => {
  it('uses the same key as the inventory, so both screens open on the same room', () => {
    expect(rememberedRoomKey('user-1')).toBe(activeRoomStorageKey('user-1'));
  });

  it('reads back what it remembered, per user', () => {
    rememberRoom('user-1', 'room-a');
    rememberRoom('user-2', 'room-b');
    expect(readRememberedRoom('user-1')).toBe('room-a');
    expect(readRememberedRoom('user-2')).toBe('room-b');
    expect(readRememberedRoom('user-3')).toBeNull();
  });

  it('copes with storage being turned off', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => rememberRoom('user-1', 'room-a')).not.toThrow();
    expect(readRememberedRoom('user-1')).toBeNull();
  });
});
