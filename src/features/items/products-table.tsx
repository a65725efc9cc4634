import './items.css';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatDate, formatPrice } from '../../domain/currency-date';
import { UNIT_TYPES, type UnitTypeFilter } from '../../domain/unit-naming';
import { formatCount } from '../../lib/format';
import {
  EMPTY_SELECTION,
  selectionState,
  setRows,
  toggleRow,
  type RowSelection,
} from '../../domain/row-selection';
import type { Room, ShelfPlace } from '../../data/storage/types';
import { UNIT_TYPE_LABELS } from '../storage';
import { useItems } from '../../data/items/get-items';
import { useItemActions } from './items-context';
import { ItemButton } from './item-button';
import { ProductsBulkBar } from './products-bulk';
import {
  filterProducts,
  productRows,
  sortProducts,
  type ProductSortKey,
  type SortDirection,
} from './products';
import type { Item } from '../../data/items/types';
import type { AccountId } from '../../domain/ids';
import { useAccountPlanId } from '../account';
import { ItemThumb } from '../photos';

const NO_ITEMS: Item[] = [];
const ROW_HEIGHT = 52;

const COLUMNS: { key: ProductSortKey; label: string; numeric?: boolean }[] = [
  { key: 'item_name', label: 'Name' },
  { key: 'quantity', label: 'Qty', numeric: true },
  { key: 'location', label: 'Location' },
  { key: 'barcode', label: 'Barcode' },
  { key: 'sku', label: 'SKU' },
  { key: 'price_paid', label: 'Price paid', numeric: true },
  { key: 'expiry_date', label: 'Expiry' },
  { key: 'created_at', label: 'Added' },
];

/**
 * Every item in one sortable, filterable table. Only the rows in view are in the page
 * (virtualised), so 5000 items scroll and sort as smoothly as 50. Rows can be chosen (a
 * checkbox each, Shift for a range, the header for all shown, "Select all N matching" for a
 * filter) and acted on together in the bar above the table.
 */
export function ProductsTable({
  accountId,
  places,
  rooms,
}: {
  accountId: AccountId;
  places: ReadonlyMap<string, ShelfPlace>;
  rooms: readonly Room[];
}) {
  const id = useId();
  const query = useItems(accountId, useAccountPlanId());
  const items = query.data ?? NO_ITEMS;
  const actions = useItemActions();
  const [text, setText] = useState('');
  const [unitType, setUnitType] = useState<UnitTypeFilter>('all');
  const [sort, setSort] = useState<{ key: ProductSortKey; direction: SortDirection }>({
    key: 'created_at',
    direction: 'desc',
  });
  const filterText = useDeferredValue(text);

  const rows = useMemo(() => productRows(items, places), [items, places]);
  const visible = useMemo(
    () => sortProducts(filterProducts(rows, filterText, unitType), sort.key, sort.direction),
    [rows, filterText, unitType, sort],
  );

  const [selection, setSelection] = useState<RowSelection>(EMPTY_SELECTION);
  // Whether Shift was held on the pointer or key that is about to change a checkbox.
  const shiftHeld = useRef(false);
  const headerRef = useRef<HTMLInputElement>(null);
  const visibleIds = useMemo(() => visible.map((row) => row.item.item_id), [visible]);
  // Only items that still exist count (a deleted or moved-away item drops out of the choice).
  const chosen = useMemo(
    () => items.filter((item) => selection.selected.has(item.item_id)),
    [items, selection.selected],
  );
  const shownState = selectionState(selection.selected, visibleIds);
  useEffect(() => {
    if (headerRef.current) headerRef.current.indeterminate = shownState === 'some';
  }, [shownState]);
  const filtering = filterText.trim() !== '' || unitType !== 'all';
  const rememberShift = (event: { shiftKey: boolean }) => {
    shiftHeld.current = event.shiftKey;
  };

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's functions are not memoisable; this component does not pass them to memoised children
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom =
    virtualRows.length > 0
      ? virtualizer.getTotalSize() - (virtualRows[virtualRows.length - 1]?.end ?? 0)
      : 0;

  const toggleSort = (key: ProductSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'created_at' ? 'desc' : 'asc' },
    );

  return (
    <div
      className="products"
      data-testid={query.data !== undefined ? 'products-ready' : 'products-loading'}
    >
      <div className="products__filters">
        <div className="field">
          <label htmlFor={`${id}-filter`}>Filter by name, barcode or SKU</label>
          <input
            id={`${id}-filter`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="products-filter"
          />
        </div>
        {/* Boilerplate: a labelled filter field; each names its own value and test id. */}
        <div className="field">
          <label htmlFor={`${id}-type`}>Unit type</label>
          <select
            id={`${id}-type`}
            value={unitType}
            onChange={(event) => setUnitType(event.target.value as UnitTypeFilter)}
            data-testid="products-unit-type"
          >
            <option value="all">All types</option>
            {UNIT_TYPES.map((type) => (
              <option key={type} value={type}>
                {UNIT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <p className="products__count" role="status" data-testid="products-count">
          {formatCount(visible.length)} of {formatCount(items.length)} items
        </p>
        {filtering && visible.length > 0 && shownState !== 'all' ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setSelection((current) => setRows(current, visibleIds, true))}
            data-testid="products-select-matching"
          >
            Select all {formatCount(visible.length)} matching
          </button>
        ) : null}
      </div>
      {chosen.length > 0 ? (
        <ProductsBulkBar
          accountId={accountId}
          chosen={chosen}
          places={places}
          rooms={rooms}
          onClear={() => setSelection(EMPTY_SELECTION)}
        />
      ) : null}
      <div
        ref={scrollRef}
        className="products__scroll"
        tabIndex={0}
        role="region"
        aria-label="Products"
        data-testid="products-scroll"
      >
        <table className="products__table" aria-rowcount={visible.length + 1}>
          <thead>
            <tr>
              <th scope="col" className="products__check">
                <label className="check-target">
                  <input
                    ref={headerRef}
                    type="checkbox"
                    checked={shownState === 'all'}
                    disabled={visible.length === 0}
                    aria-label={filtering ? 'Select all items shown' : 'Select all items'}
                    onChange={(event) =>
                      setSelection((current) => setRows(current, visibleIds, event.target.checked))
                    }
                    data-testid="products-select-all"
                  />
                </label>
              </th>
              {COLUMNS.map((column) => {
                const sorted = sort.key === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                    }
                    className={column.numeric ? 'numeric' : undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => toggleSort(column.key)}
                      data-testid={`sort-${column.key}`}
                    >
                      {column.label}
                      <span aria-hidden="true" className="sort-button__arrow">
                        {sorted ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="products__actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={COLUMNS.length + 2} style={{ height: paddingTop, padding: 0 }} />
              </tr>
            ) : null}
            {virtualRows.map((virtualRow) => {
              const row = visible[virtualRow.index];
              if (!row) return null;
              const { item } = row;
              const checked = selection.selected.has(item.item_id);
              return (
                <tr
                  key={item.item_id}
                  data-testid="product-row"
                  data-item-id={item.item_id}
                  aria-rowindex={virtualRow.index + 2}
                  aria-selected={checked}
                  className={checked ? 'products__row--chosen' : undefined}
                  style={{ height: ROW_HEIGHT }}
                >
                  <td className="products__check">
                    <label className="check-target">
                      <input
                        type="checkbox"
                        checked={checked}
                        aria-label={`Select ${item.item_name}`}
                        onPointerDown={rememberShift}
                        onKeyDown={rememberShift}
                        onClick={rememberShift}
                        onChange={(event) => {
                          const on = event.target.checked;
                          const range = shiftHeld.current;
                          shiftHeld.current = false;
                          setSelection((current) =>
                            toggleRow(current, visibleIds, item.item_id, on, range),
                          );
                        }}
                        data-testid="product-select"
                      />
                    </label>
                  </td>
                  <td className="products__name" data-testid="product-name" title={item.item_name}>
                    <ItemThumb itemId={item.item_id} />
                    <span className="products__clamp">{item.item_name}</span>
                  </td>
                  <td className="numeric" data-testid="product-quantity">
                    {item.quantity}
                  </td>
                  <td className="products__location" title={row.location}>
                    <span className="products__clamp">{row.location}</span>
                  </td>
                  <td className="products__code">{item.barcode ?? ''}</td>
                  <td className="products__code">{item.sku ?? ''}</td>
                  <td className="numeric products__code">
                    {item.price_paid !== null ? formatPrice(item.price_paid, actions.currency) : ''}
                  </td>
                  <td className="products__code">
                    {item.expiry_date ? formatDate(item.expiry_date, actions.dateFormat) : ''}
                  </td>
                  <td className="products__code">
                    {formatDate(item.created_at.slice(0, 10), actions.dateFormat)}
                  </td>
                  <td className="products__actions" data-testid="product-actions">
                    <div className="products__action-buttons">
                      <ItemButton verb="Edit" item={item} onClick={actions.openEdit} />
                      <ItemButton verb="Label" item={item} onClick={actions.printLabel} />
                      <ItemButton verb="Delete" item={item} onClick={actions.askDelete} danger />
                    </div>
                  </td>
                </tr>
              );
            })}
            {paddingBottom > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={COLUMNS.length + 2} style={{ height: paddingBottom, padding: 0 }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {query.data !== undefined && visible.length === 0 ? (
          <p className="products__empty muted" data-testid="products-empty">
            {items.length === 0
              ? 'No items yet. Add items on the Inventory screen.'
              : 'No items match the filter.'}
          </p>
        ) : null}
      </div>
    </div>
  );
}
