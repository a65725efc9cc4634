// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CONFIRM_MOVE_QUESTION,
  confirmMoveDetail,
  confirmMoveQuestion,
  ROOM_SWITCH_WAIT_MS,
  planMove,
} from '../../../src/domain/move-rules';

const target = { shelf_id: 's2', unit_id: 'u1', room_id: 'garage' };

describe('planMove', () => {
  it('does nothing when dropped on the same shelf', () => {
    expect(
      planMove({
        items: [{ item_id: 'a', shelf_id: 's2' }],
        target,
        activeRoomId: 'garage',
        dragConfirm: true,
      }),
    ).toEqual({ kind: 'nothing' });
  });
  it('moves at once within the room when drag_confirm is off', () => {
    expect(
      planMove({
        items: [{ item_id: 'a', shelf_id: 's1' }],
        target,
        activeRoomId: 'garage',
        dragConfirm: false,
      }),
    ).toEqual({
      kind: 'move',
      itemIds: ['a'],
      activateRoomId: null,
      waitMs: 0,
      confirm: false,
    });
  });
  it('asks first when drag_confirm is on', () => {
    const plan = planMove({
      items: [{ item_id: 'a', shelf_id: 's1' }],
      target,
      activeRoomId: 'garage',
      dragConfirm: true,
    });
    expect(plan).toMatchObject({ kind: 'move', confirm: true });
    expect(CONFIRM_MOVE_QUESTION).toBe('Are you sure you want to move this item to this location?');
    expect(confirmMoveQuestion({ items: 1 })).toBe(CONFIRM_MOVE_QUESTION);
    expect(confirmMoveQuestion({ items: 2 })).toBe(
      'Are you sure you want to move these 2 items to this location?',
    );
    expect(confirmMoveQuestion({ listing: true })).toBe(
      'Are you sure you want to place this listing at this location?',
    );
  });
  it('names what moves where under the question', () => {
    const where = 'Garage › Isle 1 › A › Shelf 2';
    expect(confirmMoveDetail({ names: ['Hammer'], quantity: 1 }, where)).toBe(
      'Move Hammer to Garage › Isle 1 › A › Shelf 2.',
    );
    expect(confirmMoveDetail({ names: ['Hammer'], quantity: 3 }, where)).toBe(
      'Move Hammer (quantity 3) to Garage › Isle 1 › A › Shelf 2.',
    );
    expect(confirmMoveDetail({ names: ['Drill', 'Hammer'] }, where)).toBe(
      'Move 2 items (Drill and Hammer) to Garage › Isle 1 › A › Shelf 2.',
    );
    expect(confirmMoveDetail({ names: ['Drill', 'Hammer', 'Saw'] }, where)).toBe(
      'Move 3 items (Drill, Hammer and 1 more) to Garage › Isle 1 › A › Shelf 2.',
    );
  });
  it('activates the target room first, then waits 300 ms, for a cross-room move', () => {
    const plan = planMove({
      items: [{ item_id: 'a', shelf_id: 's9' }],
      target,
      activeRoomId: 'loft',
      dragConfirm: false,
    });
    expect(plan).toMatchObject({ kind: 'move', activateRoomId: 'garage', waitMs: 300 });
    expect(ROOM_SWITCH_WAIT_MS).toBe(300);
  });
  it('moves only the selected items not already on the target shelf', () => {
    const plan = planMove({
      items: [
        { item_id: 'a', shelf_id: 's2' },
        { item_id: 'b', shelf_id: 's1' },
        { item_id: 'c', shelf_id: null },
      ],
      target,
      activeRoomId: 'garage',
      dragConfirm: false,
    });
    expect(plan).toMatchObject({ kind: 'move', itemIds: ['b', 'c'] });
  });
  it('does nothing for an empty selection', () => {
    expect(planMove({ items: [], target, activeRoomId: null, dragConfirm: false })).toEqual({
      kind: 'nothing',
    });
  });
});
