import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps what it read and noted; each test starts from a fresh copy of it.
const fresh = async () => {
  vi.resetModules();
  return import('../../../../src/features/items/first-screen');
};

describe('first screen memory', () => {
  beforeEach(() => {
    vi.useFakeTimers(); // jsdom has no requestIdleCallback: the answers are kept after a timer
    window.localStorage.clear();
    vi.stubGlobal('innerWidth', 1280);
    vi.stubGlobal('innerHeight', 800);
    vi.stubGlobal('scrollY', 0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('guesses, on the next visit, the shelves near the screen when the room was opened', async () => {
    const first = await fresh();
    expect(first.drawnFirstLastTime('room-1', 'shelf-a')).toBe(false); // nothing kept yet
    first.noteFirstAnswer('room-1', 'shelf-a', true);
    first.noteFirstAnswer('room-1', 'shelf-b', false);
    first.noteFirstAnswer('room-1', 'shelf-c', true);
    vi.runAllTimers();

    const next = await fresh();
    expect(next.drawnFirstLastTime('room-1', 'shelf-a')).toBe(true);
    expect(next.drawnFirstLastTime('room-1', 'shelf-b')).toBe(false);
    expect(next.drawnFirstLastTime('room-1', 'shelf-c')).toBe(true);
    expect(next.drawnFirstLastTime('room-2', 'shelf-a')).toBe(false); // another room
    vi.stubGlobal('innerHeight', 1200);
    expect(next.drawnFirstLastTime('room-1', 'shelf-a')).toBe(false); // another window size
  });

  it('keeps the room shown last, with shelves added later, and nothing seen scrolled down', async () => {
    const memory = await fresh();
    memory.noteFirstAnswer('room-1', 'shelf-a', true);
    memory.noteFirstAnswer('room-2', 'shelf-x', true);
    vi.runAllTimers();
    memory.noteFirstAnswer('room-2', 'shelf-y', true); // a shelf added at the top
    vi.runAllTimers();
    expect(memory.drawnFirstLastTime('room-1', 'shelf-a')).toBe(false);
    expect(memory.drawnFirstLastTime('room-2', 'shelf-x')).toBe(true);
    expect(memory.drawnFirstLastTime('room-2', 'shelf-y')).toBe(true);

    vi.stubGlobal('scrollY', 2400); // a shelf added further down: not what opening shows
    memory.noteFirstAnswer('room-2', 'shelf-z', true);
    vi.runAllTimers();
    expect((await fresh()).drawnFirstLastTime('room-2', 'shelf-z')).toBe(false);
  });

  it('names the units seen first: those with a shelf near the screen, and those without shelves', async () => {
    const memory = await fresh();
    const shelf = (id: string) => ({ shelf_id: id, shelf_index: 1, unit_id: id });
    const unit = (id: string, shelves: string[]) => ({
      unit_id: id,
      unit_name: id,
      unit_type: 'box' as const,
      unit_index: 1,
      isle_id: 'isle-1',
      naming_convention: 'alphabetical',
      shelves: shelves.map(shelf),
    });
    const room = {
      room_id: 'room-1',
      room_name: 'Garage',
      room_index: 1,
      isles: [
        {
          isle_id: 'isle-1',
          isle_index: 1,
          room_id: 'room-1',
          units: [unit('A', ['a1', 'a2']), unit('B', ['b1']), unit('C', []), unit('D', ['d1'])],
        },
      ],
    };
    expect(memory.unitsSeenFirst(room)).toBeNull(); // never opened: everything is drawn at once
    memory.noteFirstAnswer('room-1', 'a1', true);
    memory.noteFirstAnswer('room-1', 'a2', false);
    memory.noteFirstAnswer('room-1', 'b1', true);
    memory.noteFirstAnswer('room-1', 'd1', false);
    vi.runAllTimers();
    expect(memory.unitsSeenFirst(room)).toEqual(new Set(['A', 'B', 'C']));
    expect(memory.unitsSeenFirst({ ...room, room_id: 'room-2' })).toBeNull();
  });

  it('keeps the answers when the page is left before the browser was idle', async () => {
    const memory = await fresh();
    memory.noteFirstAnswer('room-1', 'shelf-a', true);
    window.dispatchEvent(new Event('pagehide'));
    expect((await fresh()).drawnFirstLastTime('room-1', 'shelf-a')).toBe(true);
    vi.runAllTimers(); // the idle write that follows finds nothing left to do
  });

  it('ignores what it cannot read', async () => {
    window.localStorage.setItem('stockroom.firstScreen', '{"room": 4');
    expect((await fresh()).drawnFirstLastTime('room-1', 'shelf-a')).toBe(false);
    window.localStorage.setItem('stockroom.firstScreen', '{"room": "room-1", "shelves": "shelf-a"}');
    expect((await fresh()).drawnFirstLastTime('room-1', 'shelf-a')).toBe(false);
  });
});
