// The products table's rows, filter and sort, pure (tests/unit/features/items/products.test.ts).
import { matchKey } from '../../domain/text-match';
import type { UnitType, UnitTypeFilter } from '../../domain/unit-naming';
import type { ShelfPlace } from '../../data/storage/types';
import { hitLocationLabel, placeToLocation } from '../../data/items/search-hits';
import type { Item } from '../../data/items/types';

export interface ProductRow {
  item: Item;
  location: string;
  unitType: UnitType | null;
  /** lower-cased name, barcode and SKU, built once so filtering 5000 rows stays cheap */
  searchText: string;
}

export type ProductSortKey =
  | 'item_name'
  | 'quantity'
  | 'location'
  | 'barcode'
  | 'sku'
  | 'price_paid'
  | 'expiry_date'
  | 'created_at';
export type SortDirection = 'asc' | 'desc';

export function productRows(
  items: readonly Item[],
  places: ReadonlyMap<string, ShelfPlace>,
): ProductRow[] {
  return items.map((item) => {
    const place = item.shelf_id ? places.get(item.shelf_id) : undefined;
    return {
      item,
      location: hitLocationLabel(placeToLocation(place)),
      unitType: place?.unit.unit_type ?? null,
      searchText: [item.item_name, item.barcode ?? '', item.sku ?? ''].map(matchKey).join('\n'),
    };
  });
}

/** Rows whose name, barcode or SKU contains the text, of the chosen unit type. */
export function filterProducts(
  rows: readonly ProductRow[],
  text: string,
  unitType: UnitTypeFilter,
): ProductRow[] {
  const wanted = matchKey(text);
  return rows.filter(
    (row) =>
      (unitType === 'all' || row.unitType === unitType) &&
      (wanted === '' || row.searchText.includes(wanted)),
  );
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function sortValue(row: ProductRow, key: ProductSortKey): string | number | null {
  if (key === 'location') return row.location;
  return row.item[key];
}

/** Sorted by one column; empty values always last, ties keep the newest-first order. */
export function sortProducts(
  rows: readonly ProductRow[],
  key: ProductSortKey,
  direction: SortDirection,
): ProductRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || x === '') return y === null || y === '' ? 0 : 1;
    if (y === null || y === '') return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return collator.compare(String(x), String(y)) * sign;
  });
}
