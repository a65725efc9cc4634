import './items.css';
import { useMemo } from 'react';
import { lowStockFirst, stockState } from '../../domain/low-stock';
import { formatCount } from '../../lib/format';
import type { ShelfPlace } from '../../data/storage/types';
import { hitLocationLabel, placeToLocation } from '../../data/items/search-hits';
import type { Item } from '../../data/items/types';
import { useCachedItems } from '../../data/items/items-cache';
import { useItemActions } from './items-context';
import { ItemButton } from './item-button';
import type { AccountId } from '../../domain/ids';
import { ItemThumb } from '../photos';

const NO_ITEMS: Item[] = [];

/**
 * The items to restock (issue #25, point 5): out of stock (0) or at or below their reorder
 * level, worst first, each with where it sits and its Edit button. Read from the cached item
 * list, so an edit here (restocking, a new level) takes the row off at once.
 */
export function LowStockTable({
  accountId,
  places,
}: {
  accountId: AccountId;
  places: ReadonlyMap<string, ShelfPlace>;
}) {
  const items = useCachedItems(accountId) ?? NO_ITEMS;
  const actions = useItemActions();
  const rows = useMemo(() => lowStockFirst(items), [items]);
  const out = rows.filter((item) => item.quantity <= 0).length;

  if (rows.length === 0)
    return (
      <p className="muted" data-testid="low-stock-empty">
        Nothing is low or out of stock. Give an item a reorder level (Edit) to be told when it runs
        low.
      </p>
    );

  return (
    <div className="products" data-testid="low-stock">
      <p className="products__count" role="status" data-testid="low-stock-count">
        {formatCount(out)} out of stock, {formatCount(rows.length - out)} low
      </p>
      <div
        className="products__scroll low-stock__scroll"
        role="region"
        aria-label="Low stock"
        tabIndex={0}
      >
        <table className="products__table">
          <thead>
            <tr>
              <th scope="col">Stock</th>
              <th scope="col">Name</th>
              <th scope="col" className="numeric">
                Qty
              </th>
              <th scope="col" className="numeric">
                Reorder level
              </th>
              <th scope="col">Location</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item) => {
              const state = stockState(item);
              const place = item.shelf_id ? places.get(item.shelf_id) : undefined;
              return (
                <tr key={item.item_id} data-testid="low-stock-row" data-state={state}>
                  <td>
                    <span className={`stock-badge stock-badge--${state}`}>
                      {state === 'out' ? 'Out of stock' : 'Low'}
                    </span>
                  </td>
                  <td data-testid="low-stock-name">
                    <span className="thumb-name">
                      <ItemThumb itemId={item.item_id} />
                      {item.item_name}
                    </span>
                  </td>
                  <td className="numeric" data-testid="low-stock-quantity">
                    {item.quantity}
                  </td>
                  <td className="numeric">{item.reorder_level ?? ''}</td>
                  <td data-testid="low-stock-location">
                    {hitLocationLabel(placeToLocation(place))}
                  </td>
                  <td>
                    <ItemButton verb="Edit" item={item} onClick={actions.openEdit} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
