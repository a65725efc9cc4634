// Shelves and isles are numbered 1, 2, 3 … in the seller's view. These two rules are shared by
// both so that a shelf and an isle can never disagree on what "renumber" means.

/** The smallest positive whole number not already taken (1-based). Junk indices are ignored. */
export function lowestUnusedIndex(taken: Iterable<number>): number {
  const used = new Set<number>();
  for (const index of taken) {
    if (Number.isInteger(index) && index > 0) used.add(index);
  }
  let candidate = 1;
  while (used.has(candidate)) candidate += 1;
  return candidate;
}

/**
 * Gives the things consecutive numbers from 1 in their current order. Ties keep the order they
 * were passed in (Array.prototype.sort is stable), so two rows that somehow share a number never
 * swap places between renders.
 */
export function renumber<K extends string, T extends Record<K, number>>(
  things: readonly T[],
  indexKey: K,
): T[] {
  return [...things]
    .sort((a, b) => a[indexKey] - b[indexKey])
    .map((thing, position) => ({ ...thing, [indexKey]: position + 1 }));
}

/** Removes one thing by id and renumbers the rest from 1 (docs/product.md#storage). */
export function removeAndRenumber<
  K extends string,
  I extends string,
  T extends Record<K, number> & Record<I, string>,
>(things: readonly T[], indexKey: K, idKey: I, removedId: string): T[] {
  return renumber(
    things.filter((thing) => thing[idKey] !== removedId),
    indexKey,
  );
}

/**
 * Only the rows whose number actually moved, so callers upsert the minimum. Compared by id
 * because renumber() reorders.
 */
export function changedIndices<
  K extends string,
  I extends string,
  T extends Record<K, number> & Record<I, string>,
>(before: readonly T[], after: readonly T[], indexKey: K, idKey: I): T[] {
  const previous = new Map(before.map((thing) => [thing[idKey], thing[indexKey]]));
  return after.filter((thing) => previous.get(thing[idKey]) !== thing[indexKey]);
}
