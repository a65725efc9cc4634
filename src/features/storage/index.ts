// The public face of the storage feature (the rooms, isles, units and shelves screen); other
// features and the pages import from here only. Its data is in src/data/storage.
export { useActiveRoom } from './use-active-room';
export { StorageView, type StorageViewProps } from './storage-view';
export type { ShelfContent, ShelfContentProps } from './storage-actions';
export { UNIT_TYPE_LABELS } from './storage-dialogs';
export { notifyFailure } from './notify-failure';
