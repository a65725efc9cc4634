// The public face of the storage feature (rooms, isles, units, shelves); other features and the
// pages import from here only.
export { inventoryKeys } from './keys';
export type { Room, Isle, Unit, Shelf, ShelfPlace } from './types';
export { useStorageTree, storageTreeQueryOptions, getStorageTree } from './get-storage-tree';
export { useActiveRoom, activeRoomStorageKey } from './use-active-room';
export { StorageView, type StorageViewProps } from './storage-view';
export type { ShelfContent, ShelfContentProps } from './storage-actions';
export { UNIT_TYPE_LABELS } from './storage-dialogs';
export { shelfPlaces, countUnits } from './tree';
export { planLimitToast, planLimitToastFromError } from './storage-errors';
export { notifyFailure, refusal } from './tree-cache';
