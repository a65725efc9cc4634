import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { notify } from '../../components/toasts';
import type { ShelfPlace } from '../../data/storage/types';
import type { ShelfContentProps } from '../storage';
import { useAddItem, useDeleteItems, useUpdateItem } from './item-changes';
import { useItems } from '../../data/items/get-items';
import { useCachedItems } from '../../data/items/items-cache';
import { useNavigate } from 'react-router-dom';
import { printLabelPath } from '../../domain/label-selection';
import { ItemDialog } from './item-dialog';
import { formValuesFromItem, itemChanges } from './item-form';
import { groupItemsByShelf, type ItemsByShelf } from './items-by-shelf';
import { hitLocationLabel, placeToLocation } from '../../data/items/search-hits';
import type { Item } from '../../data/items/types';
import { messages } from '../../lib/messages';
import { useUndoOffer } from '../undo';
import type { AccountId } from '../../domain/ids';
import { texts } from '../../lib/messages';
import { useCan } from '../account';
import { limitNotice } from '../../domain/limit-notice';
import { ItemPhotos } from '../photos';
import { localIsoDate } from '../../domain/calendar-date';

export interface ItemActions {
  currency: string;
  dateFormat: string;
  /** The seller's local date when the screen was drawn, 'YYYY-MM-DD': rows flag expiry by it. */
  today: string;
  openAdd: (place: ShelfContentProps) => void;
  openEdit: (item: Item) => void;
  askDelete: (item: Item) => void;
  changeQuantity: (item: Item, delta: number) => void;
  /** Opens the labels screen with this item alone chosen (issue #25: print one label). */
  printLabel: (item: Item) => void;
}

const ItemsByShelfContext = createContext<ItemsByShelf>(new Map());
const ItemActionsContext = createContext<ItemActions | null>(null);

/**
 * Up to this many items every shelf draws all its rows (they draw in a moment, and the browser's
 * find-in-page sees them all); above it, only shelves near the screen do (see ShelfItems).
 */
export const ROWS_ALWAYS_DRAWN_UP_TO = 300;
const DrawAllRowsContext = createContext(true);

export function useItemsByShelf(): ItemsByShelf {
  return useContext(ItemsByShelfContext);
}

export function useDrawAllRows(): boolean {
  return useContext(DrawAllRowsContext);
}

export function useItemActions(): ItemActions {
  const actions = useContext(ItemActionsContext);
  if (!actions) throw new Error('useItemActions must be used inside ItemsProvider');
  return actions;
}

type OpenDialog =
  | { kind: 'add'; place: ShelfContentProps; failure?: string }
  | { kind: 'edit'; item: Item; failure?: string }
  | { kind: 'delete'; item: Item };

const NO_ITEMS: Item[] = [];

/**
 * Items for the screens that show them (inventory, products): grouped by shelf, and the add,
 * edit, delete and quantity actions with their one dialog.
 */
export function ItemsProvider({
  accountId,
  planId,
  currency,
  dateFormat,
  places,
  standIn,
  children,
}: {
  accountId: AccountId;
  planId: string;
  currency: string;
  dateFormat: string;
  places: ReadonlyMap<string, ShelfPlace>;
  /** One room's items drawn while the list is on its way (a first visit); changes wait. */
  standIn?: Item[] | undefined;
  children: ReactNode;
}) {
  useItems(accountId, planId); // asks for the list (and keeps it fresh); it is read from the cache below
  const cached = useCachedItems(accountId);
  const items = cached ?? standIn ?? NO_ITEMS;
  const waiting = cached === undefined;
  // Regrouped only when the list changes, reusing unchanged shelves' arrays (see
  // groupItemsByShelf) so only the shelf whose items changed re-renders.
  const [grouping, setGrouping] = useState(() => ({ items, byShelf: groupItemsByShelf(items) }));
  if (grouping.items !== items)
    setGrouping({ items, byShelf: groupItemsByShelf(items, grouping.byShelf) });

  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);
  const addItem = useAddItem(accountId, planId);
  const updateItem = useUpdateItem(accountId);
  const deleteItems = useDeleteItems(accountId);
  const offerUndo = useUndoOffer(accountId);
  const updateMutate = updateItem.mutate;
  const navigate = useNavigate();
  // A picker changes an item's quantity and shelf only; the database refuses the rest anyway.
  const mayEditDetails = useCan('edit-items');

  const actions = useMemo<ItemActions>(() => {
    // With only a room's items drawn, a change would have no list to land in: it says so.
    const orWait =
      <A extends unknown[]>(act: (...args: A) => void) =>
      (...args: A) =>
        waiting
          ? notify(messages.stockStillLoading(), { id: 'stock-still-loading' })
          : act(...args);
    return {
      currency,
      dateFormat,
      today: localIsoDate(new Date()),
      openAdd: orWait((place: ShelfContentProps) => setDialog({ kind: 'add', place })),
      openEdit: orWait((item: Item) => setDialog({ kind: 'edit', item })),
      askDelete: orWait((item: Item) => setDialog({ kind: 'delete', item })),
      changeQuantity: orWait((item: Item, delta: number) => {
        const quantity = Math.max(0, item.quantity + delta);
        if (quantity !== item.quantity)
          updateMutate({ itemId: item.item_id, changes: { quantity } });
      }),
      printLabel: (item) => void navigate(printLabelPath(item.item_id)),
    };
  }, [currency, dateFormat, updateMutate, navigate, waiting]);

  const locationOf = (item: Item) =>
    hitLocationLabel(placeToLocation(item.shelf_id ? places.get(item.shelf_id) : undefined));

  return (
    <ItemActionsContext.Provider value={actions}>
      <DrawAllRowsContext.Provider value={items.length <= ROWS_ALWAYS_DRAWN_UP_TO}>
        <ItemsByShelfContext.Provider value={grouping.byShelf}>
          {children}
          {dialog?.kind === 'add' ? (
            <ItemDialog
              title="Add item"
              mode="add"
              currency={currency}
              dateFormat={dateFormat}
              location={hitLocationLabel(placeToLocation(dialog.place))}
              busy={addItem.isPending}
              // The plan's limit said as the dialog opens (the database still refuses past it).
              limit={cached ? limitNotice(planId, 'items', items.length) : null}
              failure={dialog.failure}
              onClose={close}
              onSubmit={(fields) => {
                const { place } = dialog;
                setDialog({ kind: 'add', place });
                // Offline (or with no answer) the item is kept on the device and shown at once
                // (data/offline). Refusals toast (useAddItem).
                addItem.mutate({ shelfId: place.shelf.shelf_id, fields }, { onSuccess: close });
              }}
            />
          ) : null}
          {dialog?.kind === 'edit' ? (
            <ItemDialog
              title={`Edit ${dialog.item.item_name}`}
              mode="edit"
              initial={formValuesFromItem(dialog.item, dateFormat)}
              only={mayEditDetails ? undefined : ['quantity']}
              note={mayEditDetails ? undefined : texts.pickerChangesQuantityOnly}
              currency={currency}
              dateFormat={dateFormat}
              location={locationOf(dialog.item)}
              failure={dialog.failure}
              onPrintLabel={() => actions.printLabel(dialog.item)}
              photos={<ItemPhotos itemId={dialog.item.item_id} itemName={dialog.item.item_name} />}
              onClose={close}
              onSubmit={(fields) => {
                // An edit shows at once and the dialog closes before the server answers; offline
                // it is kept on the device and sent when the connection is back (data/offline).
                const edited = itemChanges(dialog.item, fields);
                const changes = mayEditDetails
                  ? edited
                  : edited.quantity === undefined
                    ? {}
                    : { quantity: edited.quantity };
                if (Object.keys(changes).length > 0)
                  updateItem.mutate({ itemId: dialog.item.item_id, changes });
                close();
              }}
            />
          ) : null}
          {dialog?.kind === 'delete' ? (
            <ConfirmDialog
              open
              title="Delete item"
              message={`Delete ${dialog.item.item_name} (${dialog.item.quantity}) from ${locationOf(dialog.item)}? You can undo it from the toast or the Activity Log.`}
              confirmLabel="Delete item"
              onCancel={close}
              onConfirm={() => {
                const itemName = dialog.item.item_name;
                deleteItems.mutate([dialog.item.item_id], {
                  onSuccess: () => offerUndo(messages.itemDeleted(itemName), 'remove_items'),
                });
                close();
              }}
            />
          ) : null}
        </ItemsByShelfContext.Provider>
      </DrawAllRowsContext.Provider>
    </ItemActionsContext.Provider>
  );
}
