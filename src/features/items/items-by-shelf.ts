import type { Item } from '../../data/items/types';

export type ItemsByShelf = ReadonlyMap<string, readonly Item[]>;

function sameItems(a: readonly Item[], b: readonly Item[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Items grouped by shelf, in list order (newest first). Groups whose items are the very same
 * objects as in `previous` keep the previous array, so after one item changes only its shelf's
 * list is new and only that shelf re-renders (react-query keeps unchanged rows identical).
 */
export function groupItemsByShelf(
  items: readonly Item[],
  previous?: ItemsByShelf,
): Map<string, readonly Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    if (!item.shelf_id) continue;
    const group = groups.get(item.shelf_id);
    if (group) group.push(item);
    else groups.set(item.shelf_id, [item]);
  }
  const result = new Map<string, readonly Item[]>();
  for (const [shelfId, group] of groups) {
    const before = previous?.get(shelfId);
    result.set(shelfId, before && sameItems(before, group) ? before : group);
  }
  return result;
}
