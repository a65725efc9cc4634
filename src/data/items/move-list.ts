// Pure edits and lookups for moves, kept free of React and dnd-kit so they can be unit-tested.
import type { Item } from './types';

export interface Location {
  shelf_id: string | null;
  unit_id: string | null;
}

/** Where each of these items is now, so a refused move can put back exactly those. */
export function locationsOf(
  items: readonly Item[],
  itemIds: readonly string[],
): Map<string, Location> {
  const wanted = new Set(itemIds);
  const origins = new Map<string, Location>();
  for (const item of items) {
    if (wanted.has(item.item_id))
      origins.set(item.item_id, { shelf_id: item.shelf_id, unit_id: item.unit_id });
  }
  return origins;
}

/**
 * The list with the items at the given locations. Rows that do not change keep their identity,
 * so only the shelves they leave and join are regrouped and re-rendered (see groupItemsByShelf).
 */
export function placeItems(
  items: readonly Item[],
  locations: ReadonlyMap<string, Location>,
): Item[] {
  return items.map((item) => {
    const to = locations.get(item.item_id);
    if (!to || (to.shelf_id === item.shelf_id && to.unit_id === item.unit_id)) return item;
    return { ...item, shelf_id: to.shelf_id, unit_id: to.unit_id };
  });
}

/** The list with these items on one shelf (the optimistic guess of a move). */
export function moveToShelf(
  items: readonly Item[],
  itemIds: readonly string[],
  target: { shelf_id: string; unit_id: string },
): Item[] {
  const to: Location = { shelf_id: target.shelf_id, unit_id: target.unit_id };
  return placeItems(items, new Map(itemIds.map((id) => [id, to])));
}

/**
 * What a drag carries when it starts on `itemId`: the whole selection (in the order it was
 * chosen) if that item is part of it, else just that item.
 */
export function draggedItemIds(itemId: string, selected: readonly string[]): string[] {
  return selected.includes(itemId) ? [...selected] : [itemId];
}

/**
 * The next drop target for the keyboard: targets are in page order; Down/Right go forward, Up/Left
 * back, stopping at either end. With no current target (or one no longer there) the step is taken
 * from `start`, the shelf the items are on; with neither, from the matching end.
 */
export function nextKeyboardTarget<T>(
  targets: readonly T[],
  current: T | null,
  start: T | null,
  step: 1 | -1,
): T | null {
  if (targets.length === 0) return null;
  const from = current !== null && targets.includes(current) ? current : start;
  const index = from === null ? -1 : targets.indexOf(from);
  if (index === -1)
    return step === 1 ? (targets[0] ?? null) : (targets[targets.length - 1] ?? null);
  const next = Math.min(targets.length - 1, Math.max(0, index + step));
  return targets[next] ?? null;
}
