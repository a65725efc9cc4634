import { createContext, useContext } from 'react';
import type { EbayListing } from '../ebay';
import type { MoveTarget } from '../../data/items/move-items';
import type { SelectionStore } from './selection-store';

/** What a drag carries. */
export type DragSource =
  | {
      kind: 'items';
      itemIds: string[];
      names: string[];
      /** Where each item was when picked up: a drop on that shelf does nothing. */
      shelfIds: Array<string | null>;
      originRoomId: string | null;
    }
  | { kind: 'listing'; listing: EbayListing; originRoomId: string | null };

/** What a droppable says about itself (dnd-kit's `data`). */
export type DropData =
  | { kind: 'shelf'; target: MoveTarget; label: string; where: string }
  | { kind: 'room'; roomId: string; label: string };

/** What a draggable says about itself. */
export type DragData = { kind: 'item'; itemId: string } | { kind: 'listing'; listing: EbayListing };

/**
 * Edge scrolling while dragging (dnd-kit): it starts a quarter of the window from the edge, not
 * in the last few pixels, and gently (dnd-kit scrolls `acceleration` px every 5 ms at the very
 * edge, less further in), so a listing dragged down to the shelves does not overshoot them
 * (issue #39).
 */
export const AUTO_SCROLL = { threshold: { x: 0.1, y: 0.25 }, acceleration: 4 } as const;

export const ITEM_DRAG_PREFIX = 'item:';
export const LISTING_DRAG_PREFIX = 'listing:';
export const SHELF_DROP_PREFIX = 'shelf:';
export const ROOM_DROP_PREFIX = 'room:';

export interface MoveActions {
  selection: SelectionStore;
  /** Finishes a carry (after a drop on a room tab) on this shelf. */
  dropCarried: (target: MoveTarget, where: string) => void;
  cancelCarry: () => void;
}

/** Items or a listing dropped on a room tab, waiting for the seller to choose a shelf there. */
export interface Carry {
  source: DragSource;
  roomId: string;
  title: string;
}

export const MoveActionsContext = createContext<MoveActions | null>(null);
export const CarryContext = createContext<Carry | null>(null);

export function useMoveActions(): MoveActions {
  const actions = useContext(MoveActionsContext);
  if (!actions) throw new Error('useMoveActions must be used inside MoveProvider');
  return actions;
}

export function useCarry(): Carry | null {
  return useContext(CarryContext);
}
