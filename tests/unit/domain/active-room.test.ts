// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { activeRoomAfterReload, activeRoomAfterRemoval } from '../../../src/domain/active-room';

const rooms = [
  { room_id: 'garage', room_index: 2 },
  { room_id: 'loft', room_index: 1 },
  { room_id: 'shed', room_index: 3 },
];

describe('activeRoomAfterReload', () => {
  it('keeps the remembered room when it still exists', () => {
    expect(activeRoomAfterReload(rooms, 'shed')?.room_id).toBe('shed');
  });
  it('falls back to the first room by room_index', () => {
    expect(activeRoomAfterReload(rooms, 'deleted')?.room_id).toBe('loft');
    expect(activeRoomAfterReload(rooms, null)?.room_id).toBe('loft');
  });
  it('is null without rooms', () => {
    expect(activeRoomAfterReload([], 'garage')).toBeNull();
  });
});

describe('activeRoomAfterRemoval', () => {
  it('makes the first other room active when the active room is removed', () => {
    expect(activeRoomAfterRemoval(rooms, 'loft', 'loft')?.room_id).toBe('garage');
    expect(activeRoomAfterRemoval(rooms, 'garage', 'garage')?.room_id).toBe('loft');
  });
  it('keeps the active room when another room is removed', () => {
    expect(activeRoomAfterRemoval(rooms, 'loft', 'shed')?.room_id).toBe('shed');
  });
  it('picks the first room when nothing was active', () => {
    expect(activeRoomAfterRemoval(rooms, 'shed', null)?.room_id).toBe('loft');
  });
  it('is null when the last room goes', () => {
    expect(activeRoomAfterRemoval([{ room_id: 'only', room_index: 1 }], 'only', 'only')).toBeNull();
  });
});
