import { matchKey } from './text-match';
import {
  compareWalkingOrder,
  indexShelves,
  locationLabel,
  type ShelfLocation,
  type TreeRoom,
} from './storage-tree';

export { locationLabel } from './storage-tree';

export interface OrderLine {
  sku?: string | null;
  barcode?: string | null;
  /** The listing's title: what a line without a SKU is remembered by when linked. */
  title?: string | null;
}

/**
 * What a link made for this line is remembered by: its SKU, or its title when the listing has
 * no SKU (eBay allows that); null when it has neither.
 */
export function linkKey(line: OrderLine): string | null {
  const key = line.sku?.trim() || line.title?.trim() || '';
  return key === '' ? null : key.slice(0, 100);
}

export interface LocatableItem {
  item_id: string;
  shelf_id: string | null;
  sku: string | null;
  barcode: string | null;
}

export interface PickLine<L extends OrderLine> {
  line: L;
  item_id: string | null;
  location: ShelfLocation | null;
  /** 'Room › Isle n › Unit › Shelf n', or null when the item is not on any shelf. */
  label: string | null;
}

// An order line names a SKU (what marketplaces carry) and sometimes a barcode; SKU is the
// seller's own identifier, so it is trusted first.
// A SKU the seller linked to an item by hand comes first: it is their explicit answer.
function findItem<I extends LocatableItem>(
  line: OrderLine,
  bySku: Map<string, I>,
  byBarcode: Map<string, I>,
  linked: Map<string, I>,
): I | null {
  return (
    linked.get(matchKey(linkKey(line))) ??
    bySku.get(matchKey(line.sku)) ??
    byBarcode.get(matchKey(line.barcode)) ??
    null
  );
}

/** An order SKU the seller linked to one of their items ("Link to an item"). */
export interface SkuLink {
  sku: string;
  item_id: string;
}

function indexBy<I>(items: readonly I[], field: (item: I) => string | null): Map<string, I> {
  const map = new Map<string, I>();
  for (const item of items) {
    const value = matchKey(field(item));
    // Keep the first item for a code; a placed item beats an unplaced one with the same code.
    if (value !== '' && !map.has(value)) map.set(value, item);
  }
  return map;
}

/**
 * Order lines with where each item sits, sorted by walking order (room, isle, unit, shelf) so a
 * picker walks the stockroom once. Lines whose item is unknown or not on a shelf come last, in
 * their original order. A linked SKU finds its item before any SKU or barcode match.
 */
export function pickList<L extends OrderLine, I extends LocatableItem>(
  lines: readonly L[],
  items: readonly I[],
  rooms: readonly TreeRoom[],
  links: readonly SkuLink[] = [],
): PickLine<L>[] {
  const shelves = indexShelves(rooms);
  const placedFirst = [...items].sort(
    (a, b) =>
      Number(b.shelf_id !== null && shelves.has(b.shelf_id)) -
      Number(a.shelf_id !== null && shelves.has(a.shelf_id)),
  );
  const bySku = indexBy(placedFirst, (item) => item.sku);
  const byBarcode = indexBy(placedFirst, (item) => item.barcode);
  const byId = new Map(items.map((item) => [item.item_id, item]));
  const linked = new Map<string, I>();
  for (const link of links) {
    const item = byId.get(link.item_id);
    if (item && matchKey(link.sku) !== '') linked.set(matchKey(link.sku), item);
  }
  const located = lines.map((line): PickLine<L> => {
    const item = findItem(line, bySku, byBarcode, linked);
    const location = item?.shelf_id ? (shelves.get(item.shelf_id) ?? null) : null;
    return {
      line,
      item_id: item?.item_id ?? null,
      location,
      label: location ? locationLabel(location) : null,
    };
  });
  return sortByWalkingOrder(located, (entry) => entry.location);
}

/** Any list sorted by walking order of its locations; entries without one go last, order kept. */
export function sortByWalkingOrder<T>(
  entries: readonly T[],
  locationOf: (entry: T) => ShelfLocation | null,
): T[] {
  return [...entries].sort((a, b) => {
    const first = locationOf(a);
    const second = locationOf(b);
    if (first && second) return compareWalkingOrder(first, second);
    return Number(first === null) - Number(second === null);
  });
}
