import './inventory.css';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { notify, UNDO_TOAST_DURATION_MS } from '../../components/toasts';
import { placesRelabelledBy } from '../../domain/location-labels';
import type { UnitColours } from '../../domain/colour-schemes';
import { nextIsleIndex } from '../../domain/isle-numbering';
import { UNIT_TYPES, type UnitTypeFilter } from '../../domain/unit-naming';
import { limitNotice } from '../../domain/limit-notice';
import { countOf, formatCount } from '../../lib/format';
import { whenIdle } from '../../lib/when-idle';
import { messages } from '../../lib/messages';
import { useCan } from '../account';
import { useReprintOffer } from './reprint-offer';
import { room3dPath } from '../room-3d';
import { useUndoOffer } from '../undo';
import { IsleCard } from './isle-card';
import type { ShelfContent, StorageActions } from './storage-actions';
import {
  AddIsleDialog,
  AddUnitDialog,
  NameDialog,
  RenumberIsleDialog,
  UNIT_TYPE_LABELS,
} from './storage-dialogs';
import type { Isle, Room, Shelf, Unit } from '../../data/storage/types';
import { countUnits } from '../../data/storage/tree';
import { useStorageChanges } from './use-storage-changes';
import type { AccountId } from '../../domain/ids';
import { unitTitle } from '../../domain/say-once';

type OpenDialog =
  | { kind: 'add-room' }
  | { kind: 'rename-room'; room: Room }
  | { kind: 'remove-room'; room: Room }
  | { kind: 'add-isle'; room: Room }
  | { kind: 'renumber-isle'; isle: Isle }
  | { kind: 'remove-isle'; isle: Isle }
  | { kind: 'add-unit'; isle: Isle }
  | { kind: 'rename-unit'; unit: Unit }
  | { kind: 'remove-unit'; unit: Unit; isle: Isle }
  | { kind: 'remove-shelf'; shelf: Shelf; unit: Unit };

export interface StorageViewProps {
  accountId: AccountId;
  planId: string;
  rooms: Room[];
  activeRoom: Room | null;
  selectRoom: (roomId: string) => void;
  /** Called before a room is removed, so the first other room becomes active. */
  forgetRoom: (roomId: string) => void;
  colours: UnitColours;
  filter: UnitTypeFilter;
  onFilterChange: (filter: UnitTypeFilter) => void;
  highlightShelfId: string | null;
  Content: ShelfContent;
  /**
   * The units of a room worth drawing first, when it is known which the seller sees on opening
   * it (null: not known, all are drawn at once). Asked once, for the room shown first.
   */
  unitsSeenFirst?: (room: Room) => ReadonlySet<string> | null;
  /** What a shelf holds, for the removal confirmation to say what goes with it (null: not known). */
  shelfStock?: (shelfId: string) => { items: number; quantity: number } | null;
}

const FILTERS: readonly UnitTypeFilter[] = ['all', ...UNIT_TYPES];

/** The shelf-removal question, saying how many items (and how many in all) go with the shelf. */
function removeShelfMessage(
  shelf: Shelf,
  unit: Unit,
  stock: { items: number; quantity: number } | null | undefined,
): string {
  const what = `Remove shelf ${shelf.shelf_index} of ${unitTitle(unit.unit_name, 'unit')}`;
  const rest = 'The other shelves are renumbered from 1.';
  if (!stock) return `${what} with its items? ${rest}`;
  if (stock.items === 0) return `${what}? It holds no items. ${rest}`;
  return `${what} with its ${countOf(stock.items, 'item')} (total quantity ${formatCount(stock.quantity)})? ${rest}`;
}

/** Rooms, and the isles, units and shelves of the active room, with every change to them. */
export function StorageView({
  accountId,
  planId,
  rooms,
  activeRoom,
  selectRoom,
  forgetRoom,
  colours,
  filter,
  onFilterChange,
  highlightShelfId,
  Content,
  unitsSeenFirst,
  shelfStock,
}: StorageViewProps) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Building, renaming and removing storage: owner and managers only (domain/roles).
  const build = useCan('edit-storage');
  // An Elite room holds fifty shelves in ten units, and the screen shows two or three of them
  // on opening. Those are drawn with the rest of the screen; the others take their places once
  // the browser is idle after the first paint, in a transition that gives way to the seller's
  // input, so what they see answers them first.
  const [drawnFirst, setDrawnFirst] = useState(() =>
    activeRoom && unitsSeenFirst ? unitsSeenFirst(activeRoom) : null,
  );
  const waitingUnits = drawnFirst !== null;
  useEffect(() => {
    if (!waitingUnits) return;
    return whenIdle(() => startTransition(() => setDrawnFirst(null)), 500);
  }, [waitingUnits]);
  const close = () => setDialog(null);
  // The plan's room and unit limits, said where adding starts rather than after a refusal (a new
  // isle brings a unit); the database still refuses past them.
  const roomLimit = limitNotice(planId, 'rooms', rooms.length);
  const unitLimit = limitNotice(planId, 'units', countUnits(rooms));

  // Ten rooms do not fit one row on a tablet: the tabs scroll sideways (one row, so the shelves
  // stay on the first screen), and the active one is brought into view, sideways only (the page
  // itself may be scrolling to a shelf the seller asked for).
  const roomList = useRef<HTMLUListElement>(null);
  const activeRoomId = activeRoom?.room_id;
  useEffect(() => {
    const list = roomList.current;
    const tab = list?.querySelector<HTMLElement>('[data-active="true"]');
    if (!list || !tab) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    const margin = 24;
    if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left + margin;
    else if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right + margin;
  }, [activeRoomId, rooms.length]);

  const {
    addRoom,
    renameRoom,
    removeRoom,
    addIsle,
    renumberIsle,
    removeIsle,
    addUnit,
    renameUnit,
    removeUnit,
    addShelf,
    removeShelf,
  } = useStorageChanges(accountId, planId);
  const offerUndo = useUndoOffer(accountId);
  // Labels printed with a path this change alters: their toast offers to reprint them (issue #41).
  const reprintOffer = useReprintOffer();
  const addShelfMutate = addShelf.mutate;

  const actions = useMemo<StorageActions>(
    () => ({
      renumberIsle: (isle) => setDialog({ kind: 'renumber-isle', isle }),
      removeIsle: (isle) => setDialog({ kind: 'remove-isle', isle }),
      addUnit: (isle) => setDialog({ kind: 'add-unit', isle }),
      renameUnit: (unit) => setDialog({ kind: 'rename-unit', unit }),
      removeUnit: (unit, isle) => setDialog({ kind: 'remove-unit', unit, isle }),
      addShelf: (unit) => addShelfMutate(unit.unit_id),
      removeShelf: (shelf, unit) => setDialog({ kind: 'remove-shelf', shelf, unit }),
    }),
    [addShelfMutate],
  );

  // Offered only with a room; the add-isle mutation still refuses without one with 'Room
  // Required' (docs/product.md#storage).
  const onAddIsle = () => {
    if (activeRoom) setDialog({ kind: 'add-isle', room: activeRoom });
  };

  const visibleIsles =
    activeRoom && filter !== 'all'
      ? activeRoom.isles.filter((isle) => isle.units.some((unit) => unit.unit_type === filter))
      : (activeRoom?.isles ?? []);

  return (
    <div className="storage">
      <div className="rooms-bar">
        <div className="rooms" role="group" aria-label="Rooms" data-testid="rooms">
          <ul className="rooms__list" ref={roomList} data-testid="room-tabs">
            {rooms.map((room) => {
              const active = room.room_id === activeRoom?.room_id;
              return (
                <li key={room.room_id}>
                  <button
                    type="button"
                    className="room-tab"
                    aria-pressed={active}
                    onClick={() => selectRoom(room.room_id)}
                    data-testid="room-tab"
                    data-room-id={room.room_id}
                    data-active={active ? 'true' : 'false'}
                  >
                    {room.room_name}
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="rooms__actions">
            {build && (
              <button
                type="button"
                className="inv-button inv-button--primary"
                onClick={() => setDialog({ kind: 'add-room' })}
                data-testid="add-room"
              >
                + Room
              </button>
            )}
            {activeRoom ? (
              <>
                {/* The room in 3D: on plans without the 3D view the page offers the upgrade. */}
                <Link
                  className="inv-button"
                  to={room3dPath(activeRoom.room_id)}
                  aria-label={`3D view of ${activeRoom.room_name}`}
                  data-testid="room-3d-link"
                >
                  3D view
                </Link>
                {build && (
                  <>
                    <button
                      type="button"
                      className="inv-button"
                      aria-label={`Rename room ${activeRoom.room_name}`}
                      onClick={() => setDialog({ kind: 'rename-room', room: activeRoom })}
                      data-testid="rename-room"
                    >
                      Rename
                      <span className="rooms__wide"> room</span>
                    </button>
                    <button
                      type="button"
                      className="inv-button inv-button--danger"
                      aria-label={`Delete room ${activeRoom.room_name}`}
                      onClick={() => setDialog({ kind: 'remove-room', room: activeRoom })}
                      data-testid="remove-room"
                    >
                      Delete
                      <span className="rooms__wide"> room</span>
                    </button>
                  </>
                )}
              </>
            ) : null}
          </div>
        </div>
      </div>

      <div className="storage__toolbar">
        <div className="field field--inline">
          <label htmlFor="unit-type-filter">Unit type</label>
          <select
            id="unit-type-filter"
            value={filter}
            onChange={(event) => onFilterChange(event.target.value as UnitTypeFilter)}
            data-testid="unit-type-filter"
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? 'All types' : UNIT_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <ul className="legend" aria-label="Unit colours">
          {UNIT_TYPES.map((type) => (
            <li key={type}>
              <span
                className="legend__swatch"
                style={{ background: colours[type] }}
                aria-hidden="true"
              />
              {UNIT_TYPE_LABELS[type]}
            </li>
          ))}
        </ul>
        {/* Isles go in a room: before there is one, the toolbar says so instead (issue #39). */}
        {build && activeRoom ? (
          <button
            type="button"
            className="inv-button inv-button--primary"
            onClick={onAddIsle}
            data-testid="add-isle"
          >
            + Isle
          </button>
        ) : build ? (
          <p className="storage__hint muted" data-testid="add-isle-needs-room">
            Add a room first
          </p>
        ) : null}
      </div>

      {!activeRoom ? (
        <div className="storage__empty" data-testid="no-rooms">
          <p>You have no rooms yet. Add a room, then isles, units and shelves to put items on.</p>
        </div>
      ) : visibleIsles.length === 0 ? (
        <p className="storage__empty muted" data-testid="no-isles">
          {activeRoom.isles.length === 0
            ? `${activeRoom.room_name} has no isles yet. Add an isle to start.`
            : 'No units of this type in this room.'}
        </p>
      ) : (
        <div className="isles" data-testid="isles">
          {visibleIsles.map((isle) => (
            // Boilerplate: the card takes its props by name, as each caller spells them out.
            <IsleCard
              key={isle.isle_id}
              room={activeRoom}
              isle={isle}
              colours={colours}
              filter={filter}
              highlightShelfId={
                highlightShelfId &&
                isle.units.some((unit) => unit.shelves.some((s) => s.shelf_id === highlightShelfId))
                  ? highlightShelfId
                  : null
              }
              actions={actions}
              Content={Content}
              drawnFirst={drawnFirst}
            />
          ))}
        </div>
      )}

      {dialog?.kind === 'add-room' ? (
        <NameDialog
          title="Add room"
          label="Room name"
          submitLabel="Add room"
          busy={addRoom.isPending}
          limit={roomLimit}
          testId="room-name-dialog"
          onClose={close}
          onSubmit={(name) =>
            addRoom.mutate(name, {
              onSuccess: (room) => {
                selectRoom(room.room_id);
                close();
              },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'rename-room' ? (
        <NameDialog
          title={`Rename room ${dialog.room.room_name}`}
          label="Room name"
          initialValue={dialog.room.room_name}
          submitLabel="Save"
          testId="room-name-dialog"
          onClose={close}
          onSubmit={(roomName) => {
            renameRoom.mutate({ roomId: dialog.room.room_id, roomName });
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'remove-room' ? (
        <ConfirmDialog
          open
          title="Delete room"
          message={`Delete ${dialog.room.room_name} with all its isles, units, shelves and items? You can undo it from the toast or the Activity Log while nothing else changes it.`}
          confirmLabel="Delete room"
          onCancel={close}
          onConfirm={() => {
            const roomId = dialog.room.room_id;
            forgetRoom(roomId);
            // Refused: the room is back, and so is the seller's view of it.
            const roomName = dialog.room.room_name;
            removeRoom.mutate(roomId, {
              onSuccess: () => offerUndo(messages.roomRemoved(roomName), 'remove_room'),
              onError: () => selectRoom(roomId),
            });
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'add-isle' ? (
        <AddIsleDialog
          suggestedNumber={nextIsleIndex(dialog.room.isles)}
          busy={addIsle.isPending}
          limit={unitLimit}
          onClose={close}
          onSubmit={(input) =>
            addIsle.mutate({ ...input, roomId: dialog.room.room_id }, { onSuccess: close })
          }
        />
      ) : null}
      {dialog?.kind === 'renumber-isle' ? (
        <RenumberIsleDialog
          currentNumber={dialog.isle.isle_index}
          busy={renumberIsle.isPending}
          onClose={close}
          onSubmit={(isleIndex) => {
            const from = dialog.isle.isle_index;
            const offer = reprintOffer(
              placesRelabelledBy(rooms, {
                kind: 'renumber-isle',
                isleId: dialog.isle.isle_id,
                isleIndex,
              }),
            );
            renumberIsle.mutate(
              { isleId: dialog.isle.isle_id, isleIndex },
              {
                onSuccess: () => {
                  if (offer)
                    notify(messages.isleRenumbered(from, isleIndex), {
                      offer,
                      duration: UNDO_TOAST_DURATION_MS,
                    });
                  close();
                },
              },
            );
          }}
        />
      ) : null}
      {dialog?.kind === 'remove-isle' ? (
        <ConfirmDialog
          open
          title="Remove isle"
          message={`Remove isle ${dialog.isle.isle_index} with its ${countOf(dialog.isle.units.length, 'unit')}, their shelves and items? The other isles are renumbered from 1.`}
          confirmLabel="Remove isle"
          onCancel={close}
          onConfirm={() => {
            const isleNumber = dialog.isle.isle_index;
            const offer = reprintOffer(
              placesRelabelledBy(rooms, { kind: 'remove-isle', isleId: dialog.isle.isle_id }),
            );
            removeIsle.mutate(dialog.isle.isle_id, {
              onSuccess: () =>
                offerUndo(messages.isleRemoved(isleNumber), 'remove_isle', { offer }),
            });
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'add-unit' ? (
        <AddUnitDialog
          isleNumber={dialog.isle.isle_index}
          busy={addUnit.isPending}
          limit={unitLimit}
          onClose={close}
          onSubmit={(input) =>
            addUnit.mutate({ ...input, isleId: dialog.isle.isle_id }, { onSuccess: close })
          }
        />
      ) : null}
      {dialog?.kind === 'rename-unit' ? (
        <NameDialog
          title={`Rename ${unitTitle(dialog.unit.unit_name, 'unit')}`}
          label="Unit name"
          initialValue={dialog.unit.unit_name}
          submitLabel="Save"
          testId="unit-name-dialog"
          onClose={close}
          onSubmit={(unitName) => {
            const from = dialog.unit.unit_name;
            const offer = reprintOffer(
              placesRelabelledBy(rooms, {
                kind: 'rename-unit',
                unitId: dialog.unit.unit_id,
                unitName,
              }),
            );
            renameUnit.mutate(
              { unitId: dialog.unit.unit_id, unitName },
              {
                onSuccess: () => {
                  if (offer)
                    notify(messages.unitRenamed(from, unitName), {
                      offer,
                      duration: UNDO_TOAST_DURATION_MS,
                    });
                },
              },
            );
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'remove-unit' ? (
        <ConfirmDialog
          open
          title="Remove unit"
          message={
            dialog.isle.units.length === 1
              ? `Remove ${unitTitle(dialog.unit.unit_name, 'unit')} with its shelves and items? It is the last unit of isle ${dialog.isle.isle_index}, so the isle is removed too.`
              : `Remove ${unitTitle(dialog.unit.unit_name, 'unit')} with its shelves and items?`
          }
          confirmLabel="Remove unit"
          onCancel={close}
          onConfirm={() => {
            const unitName = dialog.unit.unit_name;
            removeUnit.mutate(dialog.unit.unit_id, {
              onSuccess: () => offerUndo(messages.unitRemoved(unitName), 'remove_unit'),
            });
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'remove-shelf' ? (
        <ConfirmDialog
          open
          title="Remove shelf"
          message={removeShelfMessage(
            dialog.shelf,
            dialog.unit,
            shelfStock?.(dialog.shelf.shelf_id),
          )}
          confirmLabel="Remove shelf"
          onCancel={close}
          onConfirm={() => {
            const shelfNumber = dialog.shelf.shelf_index;
            const offer = reprintOffer(
              placesRelabelledBy(rooms, { kind: 'remove-shelf', shelfId: dialog.shelf.shelf_id }),
            );
            removeShelf.mutate(
              { shelfId: dialog.shelf.shelf_id, unitId: dialog.unit.unit_id },
              {
                onSuccess: () =>
                  offerUndo(messages.shelfRemoved(shelfNumber), 'remove_shelf', { offer }),
              },
            );
            close();
          }}
        />
      ) : null}
    </div>
  );
}
