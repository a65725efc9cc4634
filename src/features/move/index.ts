// The public face of the move feature (drag and drop on the inventory screen).
export { MoveProvider, type MoveProviderProps } from './move-provider';
export { DraggableItem, useDraggableItem, renderItemHandle } from './draggable-item';
export { DroppableShelf, useDroppableShelf, MovableShelfItems } from './droppable-shelf';
export { ListingDragHandle, renderListingHandle } from './listing-handle';
export { useMoveItems } from './use-move-items';
