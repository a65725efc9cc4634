import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useActiveRoom } from '../../../../src/features/storage/use-active-room';
import { rememberedRoomKey } from '../../../../src/data/storage/remembered-room';
import type { Room } from '../../../../src/data/storage/types';
import { accountIdOf } from '../../../../src/domain/ids';

const room = (id: string, index: number): Room => ({
  room_id: id,
  room_name: id,
  room_index: index,
  isles: [],
});
const rooms = [room('garage', 1), room('shed', 2), room('attic', 3)];

afterEach(() => window.localStorage.clear());

describe('useActiveRoom', () => {
  it('starts with the first room and remembers a choice per user across reloads', () => {
    const first = renderHook(() => useActiveRoom(accountIdOf('user-1'), rooms));
    expect(first.result.current.activeRoom?.room_id).toBe('garage');
    act(() => first.result.current.selectRoom('shed'));
    expect(first.result.current.activeRoom?.room_id).toBe('shed');
    expect(window.localStorage.getItem(rememberedRoomKey(accountIdOf('user-1')))).toBe('shed');
    first.unmount();

    // "Reload": a new hook reads the remembered room; another user has their own.
    expect(
      renderHook(() => useActiveRoom(accountIdOf('user-1'), rooms)).result.current.activeRoom
        ?.room_id,
    ).toBe('shed');
    expect(
      renderHook(() => useActiveRoom(accountIdOf('user-2'), rooms)).result.current.activeRoom
        ?.room_id,
    ).toBe('garage');
  });

  it('falls back to the first room when the remembered one no longer exists', () => {
    window.localStorage.setItem(rememberedRoomKey(accountIdOf('user-1')), 'gone');
    expect(
      renderHook(() => useActiveRoom(accountIdOf('user-1'), rooms)).result.current.activeRoom
        ?.room_id,
    ).toBe('garage');
    expect(
      renderHook(() => useActiveRoom(accountIdOf('user-1'), [])).result.current.activeRoom,
    ).toBeNull();
  });

  it('removing the active room makes the first other room active', () => {
    const { result, rerender } = renderHook(
      ({ list }) => useActiveRoom(accountIdOf('user-1'), list),
      {
        initialProps: { list: rooms },
      },
    );
    act(() => result.current.selectRoom('garage'));
    act(() => result.current.forgetRoom('garage'));
    rerender({ list: rooms.filter((r) => r.room_id !== 'garage') });
    expect(result.current.activeRoom?.room_id).toBe('shed');
    expect(window.localStorage.getItem(rememberedRoomKey(accountIdOf('user-1')))).toBe('shed');
  });

  it('removing another room keeps the active one', () => {
    const { result } = renderHook(() => useActiveRoom(accountIdOf('user-1'), rooms));
    act(() => result.current.selectRoom('attic'));
    act(() => result.current.forgetRoom('shed'));
    expect(result.current.activeRoom?.room_id).toBe('attic');
  });
});
