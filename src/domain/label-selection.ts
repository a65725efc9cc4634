import { searchByBarcode } from './search';
import { matchKey } from './text-match';

/**
 * Which items get labels: all of them, a search (name, barcode or SKU, as the product's search
 * does), or everything in one room, unit or shelf. Pure; the screen passes the unit → room map
 * from the storage tree.
 */
export type LabelScope =
  | { kind: 'all' }
  | { kind: 'item'; itemId: string }
  | { kind: 'search'; text: string }
  | { kind: 'room'; roomId: string }
  | { kind: 'unit'; unitId: string }
  | { kind: 'shelf'; shelfId: string }
  /** Items chosen elsewhere (Products' Print labels), by id. */
  | { kind: 'chosen'; itemIds: readonly string[] };

export interface ScopedItem {
  /** Needed only by the one-item and 'chosen' scopes. */
  item_id?: string;
  item_name: string;
  barcode: string | null;
  sku: string | null;
  unit_id: string | null;
  shelf_id: string | null;
}

/**
 * Where "Print label" on an item's row or dialog goes: the labels screen with that one item
 * chosen, so the seller keeps the layout, the start position on a part-used sheet and the
 * fields, and an item without a barcode is offered one there.
 */
export const LABELS_PATH = '/dashboard/barcode-labels';
export function printLabelPath(itemId: string): string {
  return `${LABELS_PATH}?item=${encodeURIComponent(itemId)}`;
}

export function itemsInScope<T extends ScopedItem>(
  items: readonly T[],
  scope: LabelScope,
  roomOfUnit: ReadonlyMap<string, string>,
): T[] {
  switch (scope.kind) {
    case 'all':
      return [...items];
    case 'item':
      return items.filter((item) => item.item_id === scope.itemId);
    case 'search': {
      const wanted = matchKey(scope.text);
      if (wanted === '') return [];
      const found = new Set<T>(searchByBarcode(items, scope.text));
      // SKUs are what sellers write on listings; searching by one should find the item.
      for (const item of items) if (matchKey(item.sku).includes(wanted)) found.add(item);
      return items.filter((item) => found.has(item));
    }
    case 'room':
      return items.filter(
        (item) => item.unit_id !== null && roomOfUnit.get(item.unit_id) === scope.roomId,
      );
    case 'unit':
      return items.filter((item) => item.unit_id === scope.unitId);
    case 'shelf':
      return items.filter((item) => item.shelf_id === scope.shelfId);
    case 'chosen': {
      const wanted = new Set(scope.itemIds);
      return items.filter((item) => item.item_id !== undefined && wanted.has(item.item_id));
    }
  }
}
