// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { IslePlacement, LayoutIsle } from '../../../../src/domain/layout-3d';
import {
  currentPlacements,
  editorReducer,
  hasUnsavedLayout,
  initialEditorState,
  loadedPlacements,
  refusalText,
  type EditorContext,
  type EditorState,
} from '../../../../src/features/room-3d/layout-editor';

const bayIsle = (id: string, index: number, x: number, z = 0): LayoutIsle => ({
  isle_id: id,
  isle_index: index,
  position_x: x,
  position_z: z,
  rotation_y: 0,
  units: [{ unit_id: `${id}-u`, unit_name: 'A', unit_type: 'bay', unit_index: 1, shelves: [] }],
});

// Isle 1 (a 1.2 m bay) at the centre, isle 2 three metres to the right, on a 10 m floor.
const isles = [bayIsle('i1', 1, 0), bayIsle('i2', 2, 3)];
const { placements: base } = loadedPlacements(isles, 10);
const context: EditorContext = { isles, base, floorSize: 10 };
const editing: EditorState = editorReducer(initialEditorState, { type: 'start' });
const at = (state: EditorState, id: string): IslePlacement | undefined =>
  currentPlacements(base, state.edits).get(id);

describe('layout editor', () => {
  it('ignores moves outside editing mode', () => {
    const state = editorReducer(initialEditorState, {
      type: 'move',
      isleId: 'i1',
      to: { x: 2, z: 2, rotation: 0 },
      context,
    });
    expect(state).toBe(initialEditorState);
  });

  it('snaps a dragged isle to the grid and picks it', () => {
    const state = editorReducer(editing, {
      type: 'move',
      isleId: 'i1',
      to: { x: 0.3, z: 2.2, rotation: 0 },
      context,
    });
    expect(at(state, 'i1')).toEqual({ x: 0.5, z: 2, rotation: 0 });
    expect(state.selectedIsleId).toBe('i1');
    expect(state.refusal).toBeNull();
  });

  it('refuses an overlap and keeps the isle where it was, saying why', () => {
    const state = editorReducer(editing, {
      type: 'move',
      isleId: 'i1',
      to: { x: 2.5, z: 0, rotation: 0 },
      context,
    });
    expect(at(state, 'i1')).toEqual({ x: 0, z: 0, rotation: 0 });
    expect(state.refusal).toEqual({ isleId: 'i1', reason: 'overlap', otherIsleId: 'i2' });
    expect(refusalText(state.refusal!, (id) => (id === 'i1' ? 'Isle 1' : 'Isle 2'))).toBe(
      'Isle 1 would overlap Isle 2',
    );
  });

  it('refuses leaving the floor', () => {
    const state = editorReducer(editing, {
      type: 'move',
      isleId: 'i2',
      to: { x: 4.6, z: 0, rotation: 0 },
      context,
    });
    expect(state.refusal).toEqual({ isleId: 'i2', reason: 'outside' });
    expect(refusalText(state.refusal!, () => 'Isle 2')).toBe('Isle 2 cannot leave the floor');
  });

  it('nudges by one grid step and clears an earlier refusal', () => {
    let state = editorReducer(editing, {
      type: 'move',
      isleId: 'i1',
      to: { x: 2.5, z: 0, rotation: 0 },
      context,
    });
    state = editorReducer(state, { type: 'nudge', isleId: 'i1', dx: 0, dz: 1, context });
    expect(at(state, 'i1')).toEqual({ x: 0, z: 0.5, rotation: 0 });
    expect(state.refusal).toBeNull();
    state = editorReducer(state, { type: 'nudge', isleId: 'i1', dx: -2, dz: 0, context });
    expect(at(state, 'i1')).toEqual({ x: -1, z: 0.5, rotation: 0 });
  });

  it('turns an isle a quarter at a time, refusing a turn into a neighbour', () => {
    let state = editorReducer(editing, { type: 'rotate', isleId: 'i1', context });
    expect(at(state, 'i1')?.rotation).toBeCloseTo(Math.PI / 2);
    // A long isle next to another: turning it would sweep into its neighbour.
    const long: LayoutIsle = {
      ...bayIsle('l', 1, 0),
      units: Array.from({ length: 3 }, (_, i) => ({
        unit_id: `l${i}`,
        unit_name: String(i),
        unit_type: 'bay',
        unit_index: i,
      })),
    };
    const near = bayIsle('n', 2, 0, 1.2);
    const tight = {
      isles: [long, near],
      base: loadedPlacements([long, near], 10).placements,
      floorSize: 10,
    };
    state = editorReducer(editing, { type: 'rotate', isleId: 'l', context: tight });
    expect(state.refusal).toEqual({ isleId: 'l', reason: 'overlap', otherIsleId: 'n' });
  });

  it('cancel drops the edits; saved keeps them and leaves editing', () => {
    const moved = editorReducer(editing, { type: 'nudge', isleId: 'i1', dx: 0, dz: 2, context });
    expect(hasUnsavedLayout(isles, currentPlacements(base, moved.edits))).toBe(true);
    const cancelled = editorReducer(moved, { type: 'cancel' });
    expect(cancelled.editing).toBe(false);
    expect(at(cancelled, 'i1')).toEqual({ x: 0, z: 0, rotation: 0 });
    const saved = editorReducer(moved, { type: 'saved' });
    expect(saved.editing).toBe(false);
    expect(at(saved, 'i1')).toEqual({ x: 0, z: 1, rotation: 0 });
  });

  it('counts isles the view placed itself as unsaved', () => {
    const fresh = [bayIsle('a', 1, 0), bayIsle('b', 2, 0)];
    const loaded = loadedPlacements(fresh, 20);
    expect(loaded.moved).toEqual(['b']);
    expect(hasUnsavedLayout(fresh, loaded.placements)).toBe(true);
    expect(hasUnsavedLayout(isles, base)).toBe(false);
  });

  it('ignores edits of isles that are no longer in the room', () => {
    const edits = new Map([['gone', { x: 1, z: 1, rotation: 0 }]]);
    expect(currentPlacements(base, edits).has('gone')).toBe(false);
  });
});
