import './move.css';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { notify } from '../../components/toasts';
import { messages } from '../../lib/messages';
import { dragPreview } from '../../domain/drag-preview';
import {
  confirmMoveDetail,
  confirmMoveQuestion,
  CONFIRM_MOVE_TITLE,
  MOUSE_ACTIVATION_DISTANCE,
  TOUCH_ACTIVATION_DELAY_MS,
  TOUCH_ACTIVATION_TOLERANCE,
  planMove,
  type MovingItem,
} from '../../domain/move-rules';
import { usePlaceListing } from '../ebay';
import { useItemsCache } from '../../data/items/items-cache';
import { ItemHandleSlot } from '../items';
import { usePreferences } from '../../data/settings/get-preferences';
import type { Room } from '../../data/storage/types';
import {
  AUTO_SCROLL,
  CarryContext,
  MoveActionsContext,
  type Carry,
  type DragData,
  type DragSource,
  type DropData,
  type MoveActions,
  useMoveActions,
} from './move-context';
import type { MoveTarget } from '../../data/items/move-items';
import { useMoveItems } from './use-move-items';
import { draggedItemIds, nextKeyboardTarget } from '../../data/items/move-list';
import { renderItemHandle } from './draggable-item';
import { RoomTabTargets } from './room-tab-targets';
import { createSelectionStore, useSelectedIds } from './selection-store';
import type { AccountId } from '../../domain/ids';

interface PendingMove {
  source: DragSource;
  target: MoveTarget;
  /** The destination in the seller's words, for the confirmation. */
  where?: string;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    if (ms <= 0) resolve();
    else window.setTimeout(resolve, ms);
  });

function sourceTitle(source: DragSource): string {
  const names = source.kind === 'items' ? source.names : [source.listing.title];
  const preview = dragPreview(names);
  if (!preview) return '';
  return [preview.title, preview.firstItemName, preview.more].filter(Boolean).join(', ');
}

// Shelves are measured only while something is dragged (not on every render of a 50-shelf
// room, nor again right after a drop, when the moved item is being drawn), and again every
// 150 ms of pointer movement: shelves drawn as the page scrolls change the size of the ones
// around them mid-drag, and a drop must land where the pointer is.
const DROPPABLE_MEASURING = {
  droppable: { strategy: MeasuringStrategy.WhileDragging, frequency: 150 },
};

/** How long a drag rests on a room tab before that room opens. */
export const ROOM_TAB_DWELL_MS = 400;

const ARROWS: Record<string, 1 | -1> = {
  ArrowDown: 1,
  ArrowRight: 1,
  ArrowUp: -1,
  ArrowLeft: -1,
};

export interface MoveProviderProps {
  accountId: AccountId;
  planId: string;
  rooms: readonly Room[];
  activeRoomId: string | null;
  selectRoom: (roomId: string) => void;
  /** Only a room's items are in (a first visit): a drop says so instead of moving. */
  waiting?: boolean;
  children: ReactNode;
}

/**
 * Drag and drop on the inventory screen (docs/product.md#moving-items): items (one, or all selected
 * ones) and eBay listings onto shelves of this room or another, with the mouse, a 300 ms press on a
 * touch screen, or the keyboard. Drops are planned by domain/move-rules: same shelf does nothing,
 * another room is opened first with a 300 ms wait, 'Confirm Move' when the seller's drag_confirm is
 * on.
 */
export function MoveProvider({
  accountId,
  planId,
  rooms,
  activeRoomId,
  selectRoom,
  waiting = false,
  children,
}: MoveProviderProps) {
  const [selection] = useState(createSelectionStore);
  const cache = useItemsCache(accountId);
  // The mutations' stable mutate functions, not their result objects: those change with every
  // state of a move, and would re-render every row's handle and every shelf through `actions`.
  const moveMutate = useMoveItems(accountId).mutate;
  const placeListingMutate = usePlaceListing(accountId, planId).mutate;
  const dragConfirm = usePreferences(accountId).data?.drag_confirm ?? true;

  const [dragging, setDragging] = useState<DragSource | null>(null);
  const [confirming, setConfirming] = useState<PendingMove | null>(null);
  const [carry, setCarry] = useState<Carry | null>(null);
  const activeRoomRef = useRef(activeRoomId);
  useEffect(() => {
    activeRoomRef.current = activeRoomId;
  }, [activeRoomId]);
  // When a room was opened by this layer, so the 300 ms wait counts from the opening.
  const openedRoom = useRef<{ roomId: string; at: number } | null>(null);
  const keyboardTarget = useRef<UniqueIdentifier | null>(null);
  // The announcement of a pick-up is asked for in the same event that sets `dragging`.
  const pickedUp = useRef<DragSource | null>(null);

  const openRoom = useCallback(
    (roomId: string) => {
      if (activeRoomRef.current !== roomId) {
        selectRoom(roomId);
        activeRoomRef.current = roomId;
        openedRoom.current = { roomId, at: performance.now() };
      }
    },
    [selectRoom],
  );

  /** Waits what is left of the 300 ms since `roomId` was opened (all of it if not known). */
  const waitAfterOpening = useCallback(async (roomId: string, waitMs: number) => {
    const opened = openedRoom.current;
    const elapsed = opened?.roomId === roomId ? performance.now() - opened.at : 0;
    await wait(waitMs - elapsed);
  }, []);

  const commit = useCallback(
    ({ source, target }: PendingMove) => {
      if (source.kind === 'listing') {
        placeListingMutate({ listing: source.listing, shelfId: target.shelf_id });
        return;
      }
      moveMutate(
        {
          itemIds: source.itemIds,
          names: source.names,
          target,
        },
        { onSuccess: () => selection.remove(source.itemIds) },
      );
    },
    [moveMutate, placeListingMutate, selection],
  );

  const waitingRef = useRef(waiting);
  useEffect(() => {
    waitingRef.current = waiting;
  }, [waiting]);

  const dropOn = useCallback(
    async (source: DragSource, target: MoveTarget, where = '') => {
      if (waitingRef.current) {
        notify(messages.stockStillLoading(), { id: 'stock-still-loading' });
        return;
      }
      const items: MovingItem[] =
        source.kind === 'items'
          ? source.itemIds.map((item_id, i) => ({ item_id, shelf_id: source.shelfIds[i] ?? null }))
          : [{ item_id: source.listing.listing_id, shelf_id: null }];
      const plan = planMove({ items, target, activeRoomId: source.originRoomId, dragConfirm });
      if (plan.kind === 'nothing') return;
      if (plan.activateRoomId) {
        openRoom(plan.activateRoomId);
        await waitAfterOpening(plan.activateRoomId, plan.waitMs);
      }
      const moving: DragSource =
        source.kind === 'items'
          ? {
              ...source,
              itemIds: plan.itemIds,
              names: plan.itemIds.map((id) => source.names[source.itemIds.indexOf(id)] ?? ''),
            }
          : source;
      const pending = { source: moving, target, where };
      if (plan.confirm) setConfirming(pending);
      else commit(pending);
    },
    [commit, dragConfirm, openRoom, waitAfterOpening],
  );

  const carryTo = useCallback(
    async (source: DragSource, roomId: string, waitMs: number) => {
      openRoom(roomId);
      await waitAfterOpening(roomId, waitMs);
      setCarry({ source, roomId, title: sourceTitle(source) });
    },
    [openRoom, waitAfterOpening],
  );

  const actions = useMemo<MoveActions>(
    () => ({
      selection,
      dropCarried: (target, where) => {
        setCarry(null);
        if (carry) void dropOn(carry.source, target, where);
      },
      cancelCarry: () => setCarry(null),
    }),
    [selection, dropOn, carry],
  );

  const sourceOf = useCallback(
    (data: DragData): DragSource => {
      const originRoomId = activeRoomRef.current;
      if (data.kind === 'listing') return { kind: 'listing', listing: data.listing, originRoomId };
      const itemIds = draggedItemIds(data.itemId, selection.ids());
      const byId = new Map((cache.read() ?? []).map((item) => [item.item_id, item]));
      const present = itemIds.filter((id) => byId.has(id));
      return {
        kind: 'items',
        itemIds: present,
        names: present.map((id) => byId.get(id)?.item_name ?? ''),
        shelfIds: present.map((id) => byId.get(id)?.shelf_id ?? null),
        originRoomId,
      };
    },
    [cache, selection],
  );

  const onDragStart = useCallback(
    (event: DragStartEvent) => {
      keyboardTarget.current = null;
      openedRoom.current = null;
      setCarry(null);
      const data = event.active.data.current as DragData | undefined;
      const source = data ? sourceOf(data) : null;
      pickedUp.current = source;
      setDragging(source);
    },
    [sourceOf],
  );

  // Pausing over another room's tab opens it, so the drag can go on to one of its shelves. Only a
  // pause: a drag merely passing over the tabs (or the page scrolling them under the pointer)
  // must not change the room.
  const dwell = useRef<number | null>(null);
  const stopDwell = useCallback(() => {
    if (dwell.current !== null) window.clearTimeout(dwell.current);
    dwell.current = null;
  }, []);
  const onDragOver = useCallback(
    (event: DragOverEvent) => {
      stopDwell();
      const data = event.over?.data.current as DropData | undefined;
      if (data?.kind !== 'room') return;
      dwell.current = window.setTimeout(() => openRoom(data.roomId), ROOM_TAB_DWELL_MS);
    },
    [openRoom, stopDwell],
  );
  useEffect(() => stopDwell, [stopDwell]);

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      stopDwell();
      const source = dragging;
      setDragging(null);
      keyboardTarget.current = null;
      const data = event.over?.data.current as DropData | undefined;
      if (!source || !data) return;
      if (data.kind === 'shelf') void dropOn(source, data.target, data.where);
      else if (data.roomId !== source.originRoomId || openedRoom.current?.roomId === data.roomId)
        void carryTo(source, data.roomId, 300);
    },
    [carryTo, dragging, dropOn, stopDwell],
  );

  const onDragCancel = useCallback(() => {
    stopDwell();
    setDragging(null);
    keyboardTarget.current = null;
    // Cancelled after a tab opened another room: go back to where the drag began.
    if (dragging?.originRoomId && openedRoom.current) selectRoom(dragging.originRoomId);
    openedRoom.current = null;
  }, [dragging, selectRoom, stopDwell]);

  const coordinateGetter = useCallback<KeyboardCoordinateGetter>((event, { context }) => {
    const step = ARROWS[event.code];
    if (!step) return undefined;
    event.preventDefault();
    const containers = context.droppableContainers
      .getEnabled()
      .filter((container) => container.node.current?.isConnected);
    containers.sort((a, b) =>
      a.node.current && b.node.current
        ? a.node.current.compareDocumentPosition(b.node.current) & Node.DOCUMENT_POSITION_FOLLOWING
          ? -1
          : 1
        : 0,
    );
    const active = context.activeNode;
    const start =
      containers.find((container) => active && container.node.current?.contains(active))?.id ??
      null;
    const next = nextKeyboardTarget(
      containers.map((container) => container.id),
      keyboardTarget.current,
      start,
      step,
    );
    const node = containers.find((container) => container.id === next)?.node.current;
    if (next === null || !node) return undefined;
    keyboardTarget.current = next;
    node.scrollIntoView({ block: 'nearest' });
    const rect = node.getBoundingClientRect();
    return { x: rect.left + 8, y: rect.top + 8 };
  }, []);

  // Pointers drop where the pointer is (not the preview's edge); the keyboard drops on the
  // target the arrow keys chose, whatever the preview happens to overlap.
  const collisionDetection = useCallback<CollisionDetection>((args) => {
    if (args.pointerCoordinates) return pointerWithin(args);
    const id = keyboardTarget.current;
    const container = id === null ? undefined : args.droppableContainers.find((c) => c.id === id);
    return container
      ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }]
      : [];
  }, []);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_ACTIVATION_DISTANCE } }),
    useSensor(TouchSensor, {
      activationConstraint: {
        delay: TOUCH_ACTIVATION_DELAY_MS,
        tolerance: TOUCH_ACTIVATION_TOLERANCE,
      },
    }),
    useSensor(KeyboardSensor, { coordinateGetter, scrollBehavior: 'auto' }),
  );

  const announcements = useMemo<Announcements>(() => {
    const label = (over: { data: { current?: unknown } } | null) =>
      (over?.data.current as DropData | undefined)?.label;
    return {
      onDragStart: () =>
        `Picked up: ${pickedUp.current ? sourceTitle(pickedUp.current) : 'item'}. Arrow keys go from shelf to shelf and to the room tabs; Space or Enter drops; Escape cancels.`,
      onDragOver: ({ over }) => (over ? `Over ${label(over)}.` : 'Not over a shelf.'),
      onDragEnd: ({ over }) =>
        over ? `Dropped on ${label(over)}.` : 'Dropped outside any shelf. Nothing moved.',
      onDragCancel: () => 'Move cancelled. Nothing moved.',
    };
  }, []);

  const confirmDetail = ({ source, where = '' }: PendingMove) => {
    if (source.kind === 'listing')
      return confirmMoveDetail({ listing: source.listing.title }, where);
    const quantity =
      source.itemIds.length === 1
        ? cache.read()?.find((item) => item.item_id === source.itemIds[0])?.quantity
        : undefined;
    return confirmMoveDetail({ names: source.names, quantity }, where);
  };

  const preview = dragging
    ? dragPreview(dragging.kind === 'items' ? dragging.names : [dragging.listing.title])
    : null;

  return (
    <MoveActionsContext.Provider value={actions}>
      <CarryContext.Provider value={carry}>
        <ItemHandleSlot.Provider value={renderItemHandle}>
          <DndContext
            sensors={sensors}
            collisionDetection={collisionDetection}
            measuring={DROPPABLE_MEASURING}
            autoScroll={AUTO_SCROLL}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  'To move items, press Space or Enter on the grip, then use the arrow keys to choose a shelf or a room tab, and Space or Enter to drop. Escape cancels. On a touch screen, press and hold the grip, then drag.',
              },
            }}
            onDragStart={onDragStart}
            onDragOver={onDragOver}
            onDragEnd={onDragEnd}
            onDragCancel={onDragCancel}
          >
            <div className="move-layer" data-dragging={dragging ? 'true' : undefined}>
              {children}
            </div>
            <RoomTabTargets rooms={rooms} />
            <DragOverlay dropAnimation={null}>
              {preview ? (
                <div className="move-preview" data-testid="move-preview">
                  <strong data-testid="move-preview-title">{preview.title}</strong>
                  <span data-testid="move-preview-name">{preview.firstItemName}</span>
                  {preview.more ? (
                    <span className="muted" data-testid="move-preview-more">
                      {preview.more}
                    </span>
                  ) : null}
                </div>
              ) : null}
            </DragOverlay>
          </DndContext>
          <MoveBars carry={carry} />
          <ConfirmDialog
            open={confirming !== null}
            title={CONFIRM_MOVE_TITLE}
            message={
              confirming ? (
                <>
                  {confirmMoveQuestion(
                    confirming.source.kind === 'listing'
                      ? { listing: true }
                      : { items: confirming.source.itemIds.length },
                  )}
                  <br />
                  <strong data-testid="confirm-move-what">{confirmDetail(confirming)}</strong>
                </>
              ) : null
            }
            testId="confirm-move"
            focus="confirm"
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              if (confirming) {
                commit(confirming);
                if (confirming.source.kind === 'items') focusMoved(confirming.source.itemIds[0]);
              }
              setConfirming(null);
            }}
          />
        </ItemHandleSlot.Provider>
      </CarryContext.Provider>
    </MoveActionsContext.Provider>
  );
}

/**
 * Puts focus back on the moved item's grip once it is drawn on its new shelf (the row is drawn
 * anew there, so the dialog's own return of focus finds its opener gone).
 */
function focusMoved(itemId: string | undefined) {
  if (!itemId) return;
  let tries = 0;
  const attempt = () => {
    // Only while focus is lost (on the page itself): once the seller has moved it, it stays.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost) return;
    const grip = document.querySelector<HTMLElement>(`[data-testid="item-${CSS.escape(itemId)}"]`);
    if (grip?.isConnected) grip.focus();
    else if (++tries < 10) window.requestAnimationFrame(attempt);
  };
  window.requestAnimationFrame(attempt);
}

/** The selection count with a way to clear it, and the carry prompt after a drop on a room tab. */
function MoveBars({ carry }: { carry: Carry | null }) {
  const { selection, cancelCarry } = useMoveActions();
  const selected = useSelectedIds(selection);
  if (!carry && selected.length === 0) return null;
  return (
    <div className="move-bar" role="status" data-testid="move-bar">
      {carry ? (
        <>
          <span data-testid="move-carry">{carry.title}: choose a shelf, then Move here.</span>
          <button type="button" className="inv-button" onClick={cancelCarry}>
            Cancel move
          </button>
        </>
      ) : (
        <>
          <span data-testid="move-selection-count">
            {selected.length} selected: drag any of them to move them together.
          </span>
          <button
            type="button"
            className="inv-button"
            onClick={() => selection.clear()}
            data-testid="move-selection-clear"
          >
            Clear selection
          </button>
        </>
      )}
    </div>
  );
}
