import { changedIndices, lowestUnusedIndex, removeAndRenumber, renumber } from './numbering';

export { lowestUnusedIndex, renumber } from './numbering';

export interface NumberedShelf {
  shelf_id: string;
  shelf_index: number;
}

/**
 * A new shelf takes the lowest unused index (docs/product.md#storage), filling gaps before growing
 * the unit.
 */
export function nextShelfIndex(shelves: readonly Pick<NumberedShelf, 'shelf_index'>[]): number {
  return lowestUnusedIndex(shelves.map((shelf) => shelf.shelf_index));
}

export function renumberShelves<T extends NumberedShelf>(shelves: readonly T[]): T[] {
  return renumber(shelves, 'shelf_index');
}

/**
 * The shelves left in the unit after one is removed, numbered from 1, plus only those whose
 * number changed (what must be written back).
 */
export function removeShelf<T extends NumberedShelf>(
  shelves: readonly T[],
  removedShelfId: string,
): { remaining: T[]; changed: T[] } {
  const remaining = removeAndRenumber(shelves, 'shelf_index', 'shelf_id', removedShelfId);
  return { remaining, changed: changedIndices(shelves, remaining, 'shelf_index', 'shelf_id') };
}
