import './items.css';
import {
  createContext,
  memo,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ActionsMenu } from '../../components/actions-menu';
import { formatDate, formatPrice } from '../../domain/currency-date';
import { expiryLevel } from '../../domain/expiry';
import { countOf } from '../../lib/format';
import { readStored, writeStored } from '../../lib/browser-storage';
import { useNearViewport } from '../../lib/use-near-viewport';
import { whenIdle } from '../../lib/when-idle';
import { useCan } from '../account';
import { ItemThumb } from '../photos';
import type { ShelfContentProps } from '../storage';
import { drawnFirstLastTime, noteFirstAnswer } from './first-screen';
import { ItemButton } from './item-button';
import { useDrawAllRows, useItemActions, useItemsByShelf, type ItemActions } from './items-context';
import type { Item } from '../../data/items/types';
import { labelOnce, unitTitle } from '../../domain/say-once';

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
  // Every code in full on the row's second line, wrapping rather than squeezing (issue #39); the
  // expiry first, coloured when near or past.
  const expiry = item.expiry_date ? formatDate(item.expiry_date, actions.dateFormat) : null;
  const price = item.price_paid !== null ? formatPrice(item.price_paid, actions.currency) : null;
  const details = [
    item.barcode ? `Barcode ${item.barcode}` : null,
    item.sku ? labelOnce('SKU', item.sku) : null,
    price ? `Paid ${price}` : null,
    expiry ? `Expires ${expiry}` : null,
  ].filter(Boolean);
  const renderHandle = useContext(ItemHandleSlot);
  // Deleting items: owner and managers only (a picker adjusts quantities and moves).
  const mayDelete = useCan('delete-items');
  return (
    <li className="item" data-testid="item" data-item-id={item.item_id}>
      {renderHandle?.(item)}
      <ItemThumb itemId={item.item_id} />
      <span className="item__name" data-testid="item-name" title={item.item_name}>
        {item.item_name}
      </span>
      {details.length > 0 ? (
        <span
          className="item__details muted"
          title={details.join(' · ')}
          data-testid="item-details"
        >
          {expiry ? (
            <span
              className="item__expiry"
              data-expiry={expiryLevel(item.expiry_date, actions.today) ?? undefined}
              data-testid="item-expiry"
            >
              Exp. {expiry}
            </span>
          ) : null}
          {item.sku ? <span data-testid="item-sku">{item.sku}</span> : null}
          {item.barcode ? <span data-testid="item-barcode">{item.barcode}</span> : null}
          {price ? <span data-testid="item-price">{price}</span> : null}
        </span>
      ) : null}
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
        <ItemButton verb="Edit" item={item} onClick={actions.openEdit} />
        <ActionsMenu
          label={`More actions for ${item.item_name}`}
          testId="item-menu"
          actions={[
            {
              label: 'Print label',
              ariaLabel: `Print label for ${item.item_name}`,
              onSelect: () => actions.printLabel(item),
              testId: 'item-print-label',
            },
            ...(mayDelete
              ? [
                  {
                    label: 'Delete',
                    ariaLabel: `Delete ${item.item_name}`,
                    danger: true,
                    onSelect: () => actions.askDelete(item),
                    testId: 'item-delete',
                  },
                ]
              : []),
          ]}
        />
      </div>
    </li>
  );
});

// The height a row takes on this screen, learnt from a shelf already drawn and shared through
// a CSS variable, so every shelf not yet drawn keeps about the room its items will take (and
// the scroll bar does not jump) without re-rendering any of them. Measured once the browser is
// idle, when reading the layout costs nothing, not while the shelves are being drawn or painted.
const ROW_HEIGHT_VARIABLE = '--item-row-height';
// Kept between visits too, so a shelf not yet drawn on a fresh page is sized like the rows this
// screen draws: about 50 px with a mouse (28 px controls over a line of codes), more on a touch
// screen (44 px targets). The key changed with the two-line rows (issue #39), so the one-line
// rows learnt before size nothing.
const ROW_HEIGHT_KEY = 'stockroom.itemRowHeight.twoLine';
// Nothing remembered yet: a desktop's row and the 4 px between rows, where long rooms are read
// most.
const ROW_HEIGHT_GUESS = Number(readStored(ROW_HEIGHT_KEY)) || 52;
let measuring: HTMLUListElement | null = null;
// What placeholders are sized by now: the guess (the CSS variable's fallback) until learnt.
let learnt = ROW_HEIGHT_GUESS;

function learnRowHeight(list: HTMLUListElement): void {
  if (measuring) return;
  measuring = list;
  whenIdle(() => {
    const rows = measuring?.isConnected ? measuring.children.length : 0;
    const height = measuring && rows > 0 ? Math.round(measuring.offsetHeight / rows) : null;
    measuring = null;
    // Setting the variable, even to the value it already has, has every element restyled.
    if (height === null || height === learnt) return;
    learnt = height;
    document.documentElement.style.setProperty(ROW_HEIGHT_VARIABLE, `${height}px`);
    writeStored(ROW_HEIGHT_KEY, String(height));
  }, 1000);
}

/** The height a shelf's rows took when last drawn, kept while they are not. */
interface DrawnSize {
  height: number;
  count: number;
}

const ItemList = memo(function ItemList({
  items,
  actions,
  near,
  drawn,
}: {
  items: readonly Item[];
  actions: ItemActions;
  near: boolean;
  drawn: DrawnSize | null;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (near && list.current) learnRowHeight(list.current);
  }, [near, items.length]);
  if (items.length === 0) return null;
  if (!near)
    return (
      <ul
        className="items"
        data-testid="shelf-items-pending"
        style={{
          // Exactly the room the rows took when last drawn, so nothing moves as they go.
          height:
            drawn && drawn.count === items.length
              ? `${drawn.height}px`
              : `calc(${items.length} * var(${ROW_HEIGHT_VARIABLE}, ${ROW_HEIGHT_GUESS}px))`,
        }}
      >
        <li className="visually-hidden">
          {items.length === 1 ? '1 item' : `${items.length} items`}, shown as you scroll to them
        </li>
      </ul>
    );
  return (
    <ul ref={list} className="items" data-testid="shelf-items">
      {items.map((item) => (
        <ItemRow key={item.item_id} item={item} actions={actions} />
      ))}
    </ul>
  );
});

/**
 * What the inventory shows on a shelf: one line with the shelf's title, its count, an add button
 * and its menu, then its items.
 */
export function ShelfItems(place: ShelfContentProps) {
  const items = useItemsByShelf().get(place.shelf.shelf_id) ?? NO_ITEMS;
  const actions = useItemActions();
  // Rows are drawn only while the shelf is near the screen (for accounts above a few hundred
  // items, see ROWS_ALWAYS_DRAWN_UP_TO): at an Elite account's size a room
  // holds 500 rows, a window shows a dozen, and each row is a drag source that every drag and
  // drop re-renders, so the rows drawn must stay few however far the seller scrolls.
  const [drawn, setDrawn] = useState<DrawnSize | null>(null);
  const { room_id } = place.room;
  const { shelf_id } = place.shelf;
  const [near, nearRef] = useNearViewport<HTMLDivElement>({
    onLeave: (content) => {
      const rows = content.querySelector<HTMLElement>('[data-testid="shelf-items"]');
      if (rows) setDrawn({ height: rows.offsetHeight, count: rows.children.length });
    },
    guess: () => drawnFirstLastTime(room_id, shelf_id),
    onFirstAnswer: (answer) => noteFirstAnswer(room_id, shelf_id, answer),
  });
  const drawAll = useDrawAllRows();
  return (
    <div className="shelf__content" ref={nearRef}>
      <div className="shelf__bar">
        {place.header}
        <span className="shelf__count muted" data-testid="shelf-count">
          {items.length === 0 ? 'Empty shelf' : countOf(items.length, 'item')}
        </span>
        <button
          type="button"
          className="inv-button shelf__add"
          aria-label={`Add item to shelf ${place.shelf.shelf_index} of ${unitTitle(place.unit.unit_name, 'unit')}, isle ${place.isle.isle_index}`}
          onClick={() =>
            actions.openAdd({
              room: place.room,
              isle: place.isle,
              unit: place.unit,
              shelf: place.shelf,
            })
          }
          data-testid="add-item"
        >
          + Item
        </button>
        {place.menu}
      </div>
      {/* Collapsed: the top line alone (its count says what is there); still a drop target. */}
      {place.collapsed ? null : (
        <ItemList items={items} actions={actions} near={near || drawAll} drawn={drawn} />
      )}
    </div>
  );
}
