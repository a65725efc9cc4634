/** Pause after switching rooms so the target room's shelves are on screen before the drop. */
export const ROOM_SWITCH_WAIT_MS = 300;
export const MOUSE_ACTIVATION_DISTANCE = 15;
export const TOUCH_ACTIVATION_DELAY_MS = 300;
export const TOUCH_ACTIVATION_TOLERANCE = 5;

export const CONFIRM_MOVE_TITLE = 'Confirm Move';
export const CONFIRM_MOVE_QUESTION = 'Are you sure you want to move this item to this location?';

/**
 * The confirm question for what is being moved: the product's words for one item, and the same
 * question in the right number for several items or for a listing placed as a new item.
 */
export function confirmMoveQuestion(what: { items: number } | { listing: true }): string {
  if ('listing' in what) return 'Are you sure you want to place this listing at this location?';
  if (what.items > 1)
    return `Are you sure you want to move these ${what.items} items to this location?`;
  return CONFIRM_MOVE_QUESTION;
}

/**
 * What moves where, under the product's question: the item's name (its quantity when more than
 * one), or how many items and the first names, and the destination written as everywhere else.
 */
export function confirmMoveDetail(
  what: { names: readonly string[]; quantity?: number } | { listing: string },
  where: string,
): string {
  if ('listing' in what) return `Place “${what.listing}” as a new item on ${where}.`;
  const names = what.names;
  if (names.length === 1) {
    const quantity = what.quantity && what.quantity > 1 ? ` (quantity ${what.quantity})` : '';
    return `Move ${names[0]}${quantity} to ${where}.`;
  }
  const rest = names.length - 2;
  const list =
    rest > 0 ? `${names[0]}, ${names[1]} and ${rest} more` : `${names[0]} and ${names[1]}`;
  return `Move ${names.length} items (${list}) to ${where}.`;
}

export interface MovingItem {
  item_id: string;
  shelf_id: string | null;
}

export interface DropTarget {
  shelf_id: string;
  unit_id: string;
  room_id: string;
}

export type MovePlan =
  | { kind: 'nothing' }
  | {
      kind: 'move';
      /** Items actually changing shelf; ones already on the target are left out. */
      itemIds: string[];
      /** Room to activate first, then wait ROOM_SWITCH_WAIT_MS; null when already there. */
      activateRoomId: string | null;
      waitMs: number;
      /** Ask 'Confirm Move' first (the seller's drag_confirm preference). */
      confirm: boolean;
    };

/**
 * What a drop should do (docs/product.md#moving-items): nothing when every dragged item is already
 * on that shelf; otherwise activate the target room if it isn't active, then confirm or move at
 * once.
 */
export function planMove(args: {
  items: readonly MovingItem[];
  target: DropTarget;
  activeRoomId: string | null;
  dragConfirm: boolean;
}): MovePlan {
  const itemIds = args.items
    .filter((item) => item.shelf_id !== args.target.shelf_id)
    .map((item) => item.item_id);
  if (itemIds.length === 0) return { kind: 'nothing' };
  const crossRoom = args.activeRoomId !== args.target.room_id;
  return {
    kind: 'move',
    itemIds,
    activateRoomId: crossRoom ? args.target.room_id : null,
    waitMs: crossRoom ? ROOM_SWITCH_WAIT_MS : 0,
    confirm: args.dragConfirm,
  };
}
