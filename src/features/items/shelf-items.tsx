import './items.css';
import { createContext, memo, useContext, type ReactNode } from 'react';
import { formatDate, formatPrice } from '../../domain/currency-date';
import type { ShelfContentProps } from '../storage';
import { useItemActions, useItemsByShelf, type ItemActions } from './items-context';
import type { Item } from './types';

const NO_ITEMS: readonly Item[] = [];

/**
 * Drawn first in every item row when provided: the drag-and-drop handle of src/features/move.
 * A context rather than an import so the items feature does not depend on the move feature
 * (which depends on it).
 */
export const ItemHandleSlot = createContext<((item: Item) => ReactNode) | null>(null);

/**
 * One item on a shelf. The root carries data-item-id so the drag-and-drop issue can make it
 * draggable without changing what it shows.
 */
export const ItemRow = memo(function ItemRow({
  item,
  actions,
}: {
  item: Item;
  actions: ItemActions;
}) {
  const details = [
    item.barcode ? `Barcode ${item.barcode}` : null,
    item.sku ? `SKU ${item.sku}` : null,
    item.price_paid !== null ? formatPrice(item.price_paid, actions.currency) : null,
    item.expiry_date ? `Expires ${formatDate(item.expiry_date, actions.dateFormat)}` : null,
  ].filter(Boolean);
  const renderHandle = useContext(ItemHandleSlot);
  return (
    <li className="item" data-testid="item" data-item-id={item.item_id}>
      {renderHandle?.(item)}
      <div className="item__main">
        <span className="item__name" data-testid="item-name">
          {item.item_name}
        </span>
        {details.length > 0 ? (
          <span className="item__details muted">{details.join(' · ')}</span>
        ) : null}
      </div>
      <div className="item__quantity" role="group" aria-label={`Quantity of ${item.item_name}`}>
        <button
          type="button"
          className="inv-button inv-button--icon"
          aria-label={`Decrease quantity of ${item.item_name}`}
          disabled={item.quantity <= 0}
          onClick={() => actions.changeQuantity(item, -1)}
          data-testid="item-decrease"
        >
          −
        </button>
        <output className="item__count" data-testid="item-count" aria-live="polite">
          {item.quantity}
        </output>
        <button
          type="button"
          className="inv-button inv-button--icon"
          aria-label={`Increase quantity of ${item.item_name}`}
          onClick={() => actions.changeQuantity(item, 1)}
          data-testid="item-increase"
        >
          +
        </button>
      </div>
      <div className="item__actions">
        <button
          type="button"
          className="inv-button"
          aria-label={`Edit ${item.item_name}`}
          onClick={() => actions.openEdit(item)}
          data-testid="item-edit"
        >
          Edit
        </button>
        <button
          type="button"
          className="inv-button inv-button--danger"
          aria-label={`Delete ${item.item_name}`}
          onClick={() => actions.askDelete(item)}
          data-testid="item-delete"
        >
          Delete
        </button>
      </div>
    </li>
  );
});

const ItemList = memo(function ItemList({
  items,
  actions,
}: {
  items: readonly Item[];
  actions: ItemActions;
}) {
  if (items.length === 0) return <p className="shelf__empty muted">Empty shelf</p>;
  return (
    <ul className="items" data-testid="shelf-items">
      {items.map((item) => (
        <ItemRow key={item.item_id} item={item} actions={actions} />
      ))}
    </ul>
  );
});

/** What the inventory shows on a shelf: its items and an add button. */
export function ShelfItems(place: ShelfContentProps) {
  const items = useItemsByShelf().get(place.shelf.shelf_id) ?? NO_ITEMS;
  const actions = useItemActions();
  return (
    <div className="shelf__content">
      <ItemList items={items} actions={actions} />
      <button
        type="button"
        className="inv-button shelf__add"
        aria-label={`Add item to shelf ${place.shelf.shelf_index} of unit ${place.unit.unit_name}, isle ${place.isle.isle_index}`}
        onClick={() => actions.openAdd(place)}
        data-testid="add-item"
      >
        + Item
      </button>
    </div>
  );
}
