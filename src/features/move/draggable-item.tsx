import { useDraggable } from '@dnd-kit/core';
import type { MouseEvent } from 'react';
import type { Item } from '../../data/items/types';
import { ITEM_DRAG_PREFIX, useMoveActions, type DragData } from './move-context';
import { useIsSelected } from './selection-store';

/** dnd-kit's draggable for one item; the id is prefixed so items and listings never collide. */
export function useDraggableItem(item: Pick<Item, 'item_id'>) {
  const data: DragData = { kind: 'item', itemId: item.item_id };
  return useDraggable({ id: `${ITEM_DRAG_PREFIX}${item.item_id}`, data });
}

/**
 * The start of an item row: a grip to drag it by (mouse, a 300 ms press on a touch screen, or
 * Space/Enter from the keyboard) and a check box to move several together. Ctrl, Cmd or Shift
 * with a click on the grip ticks the box too, as in a file manager.
 */
export function DraggableItem({ item }: { item: Item }) {
  const { selection } = useMoveActions();
  const selected = useIsSelected(selection, item.item_id);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggableItem(item);
  const onClick = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey) selection.toggle(item.item_id);
  };
  return (
    <div className="move-handle" data-selected={selected ? 'true' : undefined}>
      <label className="move-handle__select">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => selection.toggle(item.item_id)}
          aria-label={`Select ${item.item_name} to move`}
          data-testid="item-select"
        />
      </label>
      <button
        ref={setNodeRef}
        type="button"
        className="move-handle__grip"
        {...attributes}
        {...listeners}
        onClick={onClick}
        aria-label={`Move ${item.item_name}`}
        data-testid={`item-${item.item_id}`}
        data-dragging={isDragging ? 'true' : undefined}
      >
        <span aria-hidden="true">⠿</span>
      </button>
    </div>
  );
}

/** For ItemHandleSlot: the items feature draws this first in each row. */
export function renderItemHandle(item: Item) {
  return <DraggableItem item={item} />;
}
