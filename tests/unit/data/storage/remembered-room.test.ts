import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRememberedRoom, rememberRoom } from '../../../../src/data/storage/remembered-room';
import { accountIdOf } from '../../../../src/domain/ids';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the remembered active room', () => {
  it('reads back what it remembered, per user', () => {
    rememberRoom(accountIdOf('user-1'), 'room-a');
    rememberRoom(accountIdOf('user-2'), 'room-b');
    expect(readRememberedRoom(accountIdOf('user-1'))).toBe('room-a');
    expect(readRememberedRoom(accountIdOf('user-2'))).toBe('room-b');
    expect(readRememberedRoom(accountIdOf('user-3'))).toBeNull();
  });

  it('copes with storage being turned off', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => rememberRoom(accountIdOf('user-1'), 'room-a')).not.toThrow();
    expect(readRememberedRoom(accountIdOf('user-1'))).toBeNull();
  });
});
