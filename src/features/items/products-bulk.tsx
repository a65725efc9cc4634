import { useState } from 'react';
import { useCan } from '../account';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { notify } from '../../components/toasts';
import { exportItemsCsv } from '../../domain/csv-escape';
import { formatCount } from '../../lib/format';
import { messages } from '../../lib/messages';
import { useDeleteItemsMutation } from '../../data/items/delete-items';
import { useMoveItemsMutation } from '../../data/items/move-items';
import type { Room, ShelfPlace } from '../../data/storage/types';
import type { Item } from '../../data/items/types';
import { datedFileName, downloadText } from '../import-export';
import { ShelfPicker, shelfPlaceName } from '../shelf-picker';
import { notifyFailure } from '../storage';
import { useUndoOffer } from '../undo';
import type { AccountId } from '../../domain/ids';

/** Where Print labels leads, with the chosen items (the labels screen reads them). */
const LABELS_PATH = '/dashboard/barcode-labels';

/**
 * The bar over the products table while rows are chosen: how many, and Move to shelf, Print
 * labels, Export (CSV, the export screen's items columns) and Delete for all of them at once.
 */
export function ProductsBulkBar({
  accountId,
  chosen,
  places,
  rooms,
  onClear,
}: {
  accountId: AccountId;
  chosen: readonly Item[];
  places: ReadonlyMap<string, ShelfPlace>;
  rooms: readonly Room[];
  onClear: () => void;
}) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null);
  const [shelfId, setShelfId] = useState<string | null>(null);
  const [shelfError, setShelfError] = useState<string | null>(null);
  // The toasts are the mutations' own callbacks, not mutate()'s: the bar is gone (nothing left
  // chosen) by the time a delete answers, and mutate()'s callbacks die with it.
  // Bulk moves and deletes are undoable like single ones: the toast offers Undo.
  const offerUndo = useUndoOffer(accountId);
  const mayDelete = useCan('delete-items');
  const mayExport = useCan('export');
  const move = useMoveItemsMutation(accountId, {
    onSuccess: (_rows, { itemIds, target }) => {
      const place = places.get(target.shelf_id);
      offerUndo(
        messages.itemsMoved(itemIds.length, place ? shelfPlaceName(place) : 'the shelf'),
        'move_items',
      );
    },
    onError: (error) => notifyFailure(error, '', messages.itemMove),
  });
  const remove = useDeleteItemsMutation(accountId, {
    onSuccess: (removed) => offerUndo(messages.itemsDeleted(removed), 'remove_items'),
    onError: (error) => notifyFailure(error, '', messages.itemDelete),
  });
  const count = chosen.length;
  const ids = chosen.map((item) => item.item_id);

  const close = () => {
    setDialog(null);
    setShelfId(null);
    setShelfError(null);
  };

  const confirmMove = () => {
    const place = shelfId ? places.get(shelfId) : undefined;
    if (!place) {
      setShelfError('Choose a room, isle, unit and shelf');
      return;
    }
    move.mutate({
      itemIds: ids,
      names: chosen.map((item) => item.item_name),
      target: {
        shelf_id: place.shelf.shelf_id,
        unit_id: place.unit.unit_id,
        room_id: place.room.room_id,
      },
    });
    close();
  };

  const confirmDelete = () => {
    remove.mutate(ids);
    close();
    onClear();
  };

  const exportCsv = () => {
    downloadText(
      datedFileName('stockroom-items-selected', 'csv'),
      exportItemsCsv(chosen, rooms),
      'text/csv;charset=utf-8',
    );
    notify(messages.itemsExported(count));
  };

  return (
    <div
      className="products-bulk"
      role="region"
      aria-label="Chosen items"
      data-testid="products-bulk"
    >
      <p className="products-bulk__count" role="status" data-testid="products-selected-count">
        {formatCount(count)} selected
      </p>
      <div className="products-bulk__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDialog('move')}
          data-testid="bulk-move"
        >
          Move to shelf
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigate(LABELS_PATH, { state: { itemIds: ids } })}
          data-testid="bulk-labels"
        >
          Print labels
        </button>
        {mayExport && (
          <button
            type="button"
            className="button button--secondary"
            onClick={exportCsv}
            data-testid="bulk-export"
          >
            Export
          </button>
        )}
        {mayDelete && (
          <button
            type="button"
            className="button button--secondary products-bulk__delete"
            onClick={() => setDialog('delete')}
            data-testid="bulk-delete"
          >
            Delete
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          onClick={onClear}
          data-testid="bulk-clear"
        >
          Clear selection
        </button>
      </div>
      {dialog === 'move' ? (
        <Dialog
          open
          title={`Move ${formatCount(count)} ${count === 1 ? 'item' : 'items'}`}
          onClose={close}
          testId="bulk-move-dialog"
          footer={
            <>
              <button type="button" className="button button--secondary" onClick={close}>
                Cancel
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={confirmMove}
                data-testid="bulk-move-confirm"
              >
                Move here
              </button>
            </>
          }
        >
          <div className="bulk-move__picker">
            <ShelfPicker
              value={shelfId}
              onChange={(next) => {
                setShelfId(next);
                setShelfError(null);
              }}
              legend="Move to"
              testId="bulk-shelf"
              codeField
            />
          </div>
          {shelfError ? (
            <p className="field__error" role="alert">
              {shelfError}
            </p>
          ) : null}
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete ${formatCount(count)} ${count === 1 ? 'item' : 'items'}`}
        message={`Delete ${formatCount(count)} chosen ${count === 1 ? 'item' : 'items'}? This cannot be undone.`}
        confirmLabel="Delete"
        onCancel={close}
        onConfirm={confirmDelete}
        testId="bulk-delete-dialog"
      />
    </div>
  );
}
