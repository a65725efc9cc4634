import {
  GRID_STEP,
  arrangeIsles,
  checkPlacement,
  rotateQuarter,
  snapPlacement,
  type IslePlacement,
  type LayoutIsle,
} from '../../domain/layout-3d';

/**
 * The state of the room's layout in the view: where each isle stands now, where it stood when
 * loaded (or last saved), and, while editing, which isle is picked and why the last move was
 * refused. Pure reducer, so the editing rules are tested without a canvas.
 */
export interface Refusal {
  isleId: string;
  reason: 'overlap' | 'outside';
  /** The isle in the way, for 'overlap'. */
  otherIsleId?: string;
}

export interface EditorState {
  editing: boolean;
  /** Placements the seller changed, over the loaded (arranged) ones. Kept after saving. */
  edits: ReadonlyMap<string, IslePlacement>;
  selectedIsleId: string | null;
  refusal: Refusal | null;
}

/** What a move is checked against: the room's isles, where they stand now, the floor. */
export interface EditorContext {
  isles: readonly LayoutIsle[];
  base: ReadonlyMap<string, IslePlacement>;
  floorSize: number;
}

export type EditorAction =
  | { type: 'start' }
  | { type: 'cancel' }
  | { type: 'select'; isleId: string | null }
  | { type: 'move'; isleId: string; to: IslePlacement; context: EditorContext }
  | { type: 'nudge'; isleId: string; dx: number; dz: number; context: EditorContext }
  | { type: 'rotate'; isleId: string; context: EditorContext }
  | { type: 'saved' };

export const initialEditorState: EditorState = {
  editing: false,
  edits: new Map(),
  selectedIsleId: null,
  refusal: null,
};

/** Where every isle stands now: the loaded placements with the seller's edits over them. */
export function currentPlacements(
  base: ReadonlyMap<string, IslePlacement>,
  edits: ReadonlyMap<string, IslePlacement>,
): Map<string, IslePlacement> {
  const placements = new Map(base);
  for (const [isleId, placement] of edits)
    if (placements.has(isleId)) placements.set(isleId, placement);
  return placements;
}

function place(
  state: EditorState,
  isleId: string,
  wanted: IslePlacement,
  context: EditorContext,
): EditorState {
  if (!state.editing) return state;
  const to = snapPlacement(wanted);
  const placements = currentPlacements(context.base, state.edits);
  const current = placements.get(isleId);
  if (!current) return state;
  if (current.x === to.x && current.z === to.z && current.rotation === to.rotation) {
    return state.refusal || state.selectedIsleId !== isleId
      ? { ...state, refusal: null, selectedIsleId: isleId }
      : state;
  }
  const check = checkPlacement(context.isles, placements, isleId, to, context.floorSize);
  if (!check.ok) {
    // The isle stays where it last stood legally; the seller is told why.
    return {
      ...state,
      selectedIsleId: isleId,
      refusal:
        check.reason === 'overlap'
          ? { isleId, reason: 'overlap', otherIsleId: check.isleId }
          : { isleId, reason: 'outside' },
    };
  }
  const edits = new Map(state.edits);
  edits.set(isleId, to);
  return { ...state, edits, selectedIsleId: isleId, refusal: null };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'start':
      return { ...state, editing: true, refusal: null };
    case 'cancel':
      // Back to the layout as last loaded or saved.
      return { ...initialEditorState };
    case 'select':
      return { ...state, selectedIsleId: action.isleId, refusal: null };
    case 'move':
      return place(state, action.isleId, action.to, action.context);
    case 'nudge': {
      const current = currentPlacements(action.context.base, state.edits).get(action.isleId);
      if (!current) return state;
      return place(
        state,
        action.isleId,
        { ...current, x: current.x + action.dx * GRID_STEP, z: current.z + action.dz * GRID_STEP },
        action.context,
      );
    }
    case 'rotate': {
      const current = currentPlacements(action.context.base, state.edits).get(action.isleId);
      if (!current) return state;
      return place(
        state,
        action.isleId,
        { ...current, rotation: rotateQuarter(current.rotation) },
        action.context,
      );
    }
    case 'saved':
      // Edits stay until the refetched layout (which now holds them) replaces the base.
      return { ...state, editing: false, refusal: null };
  }
}

/** The loaded placements: saved ones, never-placed isles put on free spots by the view. */
export function loadedPlacements(isles: readonly LayoutIsle[], floorSize: number) {
  return arrangeIsles(isles, floorSize);
}

/** Whether the shown layout differs from the stored rows (unsaved moves, auto-placed isles). */
export function hasUnsavedLayout(
  isles: readonly LayoutIsle[],
  placements: ReadonlyMap<string, IslePlacement>,
): boolean {
  return isles.some((isle) => {
    const placement = placements.get(isle.isle_id);
    return (
      placement !== undefined &&
      (placement.x !== isle.position_x ||
        placement.z !== isle.position_z ||
        Math.abs(placement.rotation - isle.rotation_y) > 1e-6)
    );
  });
}

/** The sentence shown when a move is refused. */
export function refusalText(refusal: Refusal, isleName: (isleId: string) => string): string {
  return refusal.reason === 'outside'
    ? `${isleName(refusal.isleId)} cannot leave the floor`
    : `${isleName(refusal.isleId)} would overlap ${isleName(refusal.otherIsleId ?? '')}`;
}
