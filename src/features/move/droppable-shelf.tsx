import { useDroppable } from '@dnd-kit/core';
import { useCallback, type ReactNode } from 'react';
import { ShelfItems } from '../items';
import { writeLocation } from '../../domain/storage-tree';
import type { ShelfContentProps } from '../storage';
import { SHELF_DROP_PREFIX, useCarry, useMoveActions, type DropData } from './move-context';
import { unitTitle } from '../../domain/say-once';

/** 'Garage › Isle 1 › A › Shelf 2': the destination as the confirmation names it. */
function shelfWhere({ room, isle, unit, shelf }: ShelfContentProps): string {
  return writeLocation(room.room_name, isle.isle_index, unit.unit_name, shelf.shelf_index);
}

/** dnd-kit's droppable for a shelf, carrying where it is so a drop can plan the move. */
export function useDroppableShelf(place: ShelfContentProps) {
  const { room, isle, unit, shelf } = place;
  const data: DropData = {
    kind: 'shelf',
    target: { shelf_id: shelf.shelf_id, unit_id: unit.unit_id, room_id: room.room_id },
    where: shelfWhere(place),
    label: `shelf ${shelf.shelf_index} of ${unitTitle(unit.unit_name, 'unit')}, isle ${isle.isle_index}, ${room.room_name}`,
  };
  return useDroppable({ id: `${SHELF_DROP_PREFIX}${shelf.shelf_id}`, data });
}

/**
 * A shelf as a drop target. The whole shelf row (its number included) takes the drop: the
 * droppable is the enclosing shelf element, so the storage feature needs no change for it.
 */
export function DroppableShelf({
  place,
  children,
}: {
  place: ShelfContentProps;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppableShelf(place);
  const carry = useCarry();
  const { dropCarried } = useMoveActions();
  const ref = useCallback(
    (element: HTMLDivElement | null) =>
      setNodeRef(element?.closest<HTMLElement>('[data-testid="shelf"]') ?? element),
    [setNodeRef],
  );
  const { room, unit, shelf } = place;
  return (
    <div
      ref={ref}
      className="move-drop"
      data-testid={`shelf-${shelf.shelf_id}`}
      data-drop-over={isOver ? 'true' : undefined}
    >
      {carry && carry.roomId === room.room_id ? (
        <button
          type="button"
          className="inv-button inv-button--primary move-drop__here"
          onClick={() =>
            dropCarried(
              { shelf_id: shelf.shelf_id, unit_id: unit.unit_id, room_id: room.room_id },
              shelfWhere(place),
            )
          }
          data-testid="move-here"
        >
          Move here
        </button>
      ) : null}
      {children}
    </div>
  );
}

/** The inventory's shelf content with drag and drop: the items feature's ShelfItems, droppable. */
export function MovableShelfItems(place: ShelfContentProps) {
  return (
    <DroppableShelf place={place}>
      <ShelfItems {...place} />
    </DroppableShelf>
  );
}
