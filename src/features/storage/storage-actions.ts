import type { ComponentType, ReactNode } from 'react';
import type { Isle, Room, Shelf, Unit } from '../../data/storage/types';

/** What a shelf shows inside it (the items feature fills it; drag and drop can wrap it). */
export interface ShelfContentProps {
  room: Room;
  isle: Isle;
  unit: Unit;
  shelf: Shelf;
  /** The shelf's title, drawn first on the content's top line (beside its count and add button). */
  header?: ReactNode;
  /** The shelf's menu of rarer actions, drawn last on that line. */
  menu?: ReactNode;
  /** Collapsed by the seller on this device: the top line alone, with the shelf's item count. */
  collapsed?: boolean;
}
export type ShelfContent = ComponentType<ShelfContentProps>;

/**
 * What the cards ask the storage view to do. One stable object, so memoised cards re-render only
 * when their own data changes.
 */
export interface StorageActions {
  renumberIsle: (isle: Isle) => void;
  removeIsle: (isle: Isle) => void;
  addUnit: (isle: Isle) => void;
  renameUnit: (unit: Unit) => void;
  removeUnit: (unit: Unit, isle: Isle) => void;
  addShelf: (unit: Unit) => void;
  removeShelf: (shelf: Shelf, unit: Unit) => void;
}
