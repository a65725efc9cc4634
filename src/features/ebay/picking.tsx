import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { indexShelves, locationLabel, type TreeRoom } from '../../domain/storage-tree';
import { matchKey } from '../../domain/text-match';
import { useOffline } from '../../lib/online';
import type { OrderPick } from '../../data/picking/order-picks';

/** What the pick controls need of an order line and the item it was matched to. */
export interface PickableLine {
  orderId: string;
  lineItemId: string;
  title: string;
  sku: string | null;
  quantity: number;
  /** The matched item (by SKU, barcode or a link), or null: "Not on a shelf". */
  itemId: string | null;
}

export interface PickHandlers {
  onPick: (line: PickableLine) => void;
  onUnpick: (line: PickableLine) => void;
  onLink: (line: PickableLine) => void;
  onPlace: (line: PickableLine) => void;
  /** The line whose pick or unpick is on its way (its button waits). */
  busyKey: string | null;
}

/**
 * A line's pick control: "Mark picked" (takes the quantity off the shelf), "Picked" when done
 * (pressing it again unpicks), or for a line whose item is unknown the two ways to find it:
 * link it to an item, or put it on a shelf from here.
 */
export function PickControls({
  line,
  pick,
  handlers,
  where,
}: {
  line: PickableLine;
  pick: OrderPick | undefined;
  handlers: PickHandlers;
  /** 'order' on an order card, 'list' in the pick list: names the buttons apart. */
  where: 'order' | 'list';
}) {
  // Offline a pick cannot be recorded (the screen's sentence says so): the buttons wait.
  const offline = useOffline();
  const busy = handlers.busyKey === `${line.orderId}/${line.lineItemId}` || offline;
  const label = `${line.title} (order ${line.orderId})`;
  if (pick) {
    return (
      <button
        type="button"
        className="button button--secondary ebay-pick ebay-pick--done"
        aria-pressed="true"
        aria-label={`Picked: ${label}. Press to unpick`}
        disabled={busy}
        onClick={() => handlers.onUnpick(line)}
        data-testid={`${where}-line-picked`}
      >
        <span aria-hidden="true">✓</span> Picked
      </button>
    );
  }
  if (line.itemId) {
    return (
      <button
        type="button"
        className="button button--primary ebay-pick"
        aria-pressed="false"
        aria-label={`Mark picked: ${label}`}
        disabled={busy}
        onClick={() => handlers.onPick(line)}
        data-testid={`${where}-line-pick`}
      >
        {busy ? 'Picking…' : 'Mark picked'}
      </button>
    );
  }
  return (
    <span className="ebay-pick__find">
      <button
        type="button"
        className="button button--secondary"
        aria-label={`Link to an item: ${label}`}
        disabled={offline}
        onClick={() => handlers.onLink(line)}
        data-testid={`${where}-line-link`}
      >
        Link to an item
      </button>
      <button
        type="button"
        className="button button--secondary"
        aria-label={`Place on a shelf: ${label}`}
        disabled={offline}
        onClick={() => handlers.onPlace(line)}
        data-testid={`${where}-line-place`}
      >
        Place on a shelf
      </button>
    </span>
  );
}

export interface LinkableItem {
  item_id: string;
  item_name: string;
  quantity: number;
  shelf_id: string | null;
  sku: string | null;
  barcode: string | null;
}

const LINK_RESULTS = 10;

/** Items whose name, SKU or barcode contains the text, names starting with it first. */
export function linkCandidates<I extends LinkableItem>(items: readonly I[], query: string): I[] {
  const wanted = matchKey(query);
  if (wanted === '') return [];
  const starting: I[] = [];
  const containing: I[] = [];
  for (const item of items) {
    const name = matchKey(item.item_name);
    if (name.startsWith(wanted)) starting.push(item);
    else if (
      name.includes(wanted) ||
      matchKey(item.sku).includes(wanted) ||
      matchKey(item.barcode).includes(wanted)
    )
      containing.push(item);
  }
  return [...starting, ...containing].slice(0, LINK_RESULTS);
}

/**
 * "Link to an item": search the seller's items and choose the one this order line is. The
 * link is remembered by the line's SKU, so the next order for it finds the item by itself.
 */
export function LinkItemDialog<I extends LinkableItem>({
  line,
  items,
  rooms,
  busy,
  onChoose,
  onClose,
}: {
  line: PickableLine;
  items: readonly I[];
  rooms: readonly TreeRoom[];
  busy: boolean;
  onChoose: (item: I) => void;
  onClose: () => void;
}) {
  const fieldId = useId();
  const [query, setQuery] = useState(() => line.title.split(/\s+/).slice(0, 2).join(' '));
  const found = useMemo(() => linkCandidates(items, query), [items, query]);
  const shelves = useMemo(() => indexShelves(rooms), [rooms]);
  return (
    <Dialog
      // Boilerplate: a dialog names its own title, close and test id.
      open
      title="Link to an item"
      onClose={onClose}
      testId="link-item-dialog"
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      }
    >
      <p className="ebay-place__title">{line.title}</p>
      <p className="muted">
        {line.sku
          ? `Orders with SKU ${line.sku} will find the item you choose.`
          : 'This listing has no SKU: orders with this title will find the item you choose.'}
      </p>
      <TextField
        id={fieldId}
        label="Search your items"
        type="search"
        value={query}
        onValueChange={setQuery}
        autoComplete="off"
        testId="link-item-search"
      />
      {query.trim() === '' ? (
        <p className="muted">Type part of the item's name, SKU or barcode.</p>
      ) : found.length === 0 ? (
        <p className="muted" data-testid="link-item-none">
          No item matches “{query.trim()}”.
        </p>
      ) : (
        <ul className="ebay-link__results" aria-label="Matching items">
          {found.map((item) => {
            const location = item.shelf_id ? shelves.get(item.shelf_id) : undefined;
            return (
              <li key={item.item_id}>
                <button
                  type="button"
                  className="button button--secondary ebay-link__choice"
                  disabled={busy}
                  onClick={() => onChoose(item)}
                  data-testid="link-item-choice"
                >
                  <span className="ebay-link__name">{item.item_name}</span>
                  <span className="muted">
                    {item.quantity} on {location ? locationLabel(location) : 'no shelf'}
                    {item.sku ? ` · ${item.sku}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
