import { useDndMonitor } from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAccountId, useAccountPlanId } from '../../features/account';
import { useDocumentTitle } from '../../components/document-title';
import { LoadingScreen } from '../../components/loading-screen';
import { getPlan, planAllows } from '../../domain/plans';
import type { CodedPlace } from '../../domain/location-codes';
import type { UnitTypeFilter } from '../../domain/unit-naming';
import { EbayListingsPanel } from '../../features/ebay';
import { useCachedItems } from '../../data/items/items-cache';
import { ItemSearch, ItemsProvider, type HitLocation, unitsSeenFirst } from '../../features/items';
import { MovableShelfItems, MoveProvider, renderListingHandle } from '../../features/move';
import { DEFAULT_PREFERENCES } from '../../data/settings/preferences';
import { usePreferences } from '../../data/settings/get-preferences';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { countUnits, shelfPlaces } from '../../data/storage/tree';
import type { Room } from '../../data/storage/types';
import { StorageView, useActiveRoom } from '../../features/storage';
import { formatCount } from '../../lib/format';
import { texts } from '../../lib/messages';
import { useItems, useRoomItemsStandIn } from '../../data/items/get-items';

const NO_ROOMS: Room[] = [];
const HIGHLIGHT_MS = 5000;

/** Ends a search hit's highlight when a drag starts (inside the move layer's DndContext). */
function EndHighlightOnDrag({ onDrag }: { onDrag: () => void }) {
  useDndMonitor({ onDragStart: onDrag });
  return null;
}

function Usage({ label, used, limit }: { label: string; used: number; limit: number }) {
  return (
    <li data-testid={`usage-${label.toLowerCase()}`}>
      <strong>{formatCount(used)}</strong> of {formatCount(limit)} {label.toLowerCase()}
    </li>
  );
}

/**
 * The inventory: rooms, the active room's isles, units and shelves with their items, and item
 * search. Only the active room is rendered, so an Elite account (10 rooms, 5000 items) draws a
 * tenth of its shelves.
 */
export default function InventoryPage() {
  useDocumentTitle('Inventory');
  const accountId = useAccountId();
  const planId = useAccountPlanId();
  const tree = useStorageTree(accountId);
  const items = useItems(accountId, planId);
  // Read from the cache as well: it reports the list the moment it is stored, a task before the
  // query's own notice, so the inventory is drawn and marked ready in that same moment.
  const cachedItems = useCachedItems(accountId);
  // Currency, dates and unit colours: the same query the settings screen keeps up to date.
  const preferencesQuery = usePreferences(accountId);
  const preferences = preferencesQuery.data ?? DEFAULT_PREFERENCES;
  const rooms = tree.data ?? NO_ROOMS;
  const { activeRoom, selectRoom, forgetRoom } = useActiveRoom(accountId, rooms);
  // On a first visit the active room's items may come before the full list: drawn meanwhile,
  // with counts, search, moves and changes waiting for the list (another room waits too).
  const standIn = useRoomItemsStandIn(
    accountId,
    activeRoom?.room_id ?? null,
    cachedItems !== undefined,
  );
  const shownItems = cachedItems ?? standIn;
  const places = useMemo(() => shelfPlaces(rooms), [rooms]);
  const colours = preferences.storage_colors.colors;
  const [filter, setFilter] = useState<UnitTypeFilter>('all');
  const [highlightShelfId, setHighlightShelfId] = useState<string | null>(null);

  // The highlight of a search hit shows the seller where to look, then goes (issue #39): after a
  // few seconds or at the next drag, and with the screen, so it does not linger through later
  // moves.
  useEffect(() => {
    if (!highlightShelfId) return;
    const timer = window.setTimeout(() => setHighlightShelfId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightShelfId]);
  const endHighlight = useCallback(() => setHighlightShelfId(null), []);

  const goTo = useCallback(
    (location: HitLocation) => {
      selectRoom(location.roomId);
      // The shelf must be on screen: a unit-type filter could be hiding its unit.
      setFilter('all');
      setHighlightShelfId(location.shelfId);
    },
    [selectRoom, setFilter, setHighlightShelfId],
  );

  // A shelf or unit code from the search bar: that shelf, or a unit's first shelf (its top).
  const goToPlace = useCallback(
    (place: CodedPlace) => {
      selectRoom(place.roomId);
      setFilter('all');
      setHighlightShelfId(place.shelfIds[0] ?? null);
    },
    [selectRoom, setFilter, setHighlightShelfId],
  );

  // Choosing a room by hand ends the highlight of a search hit, so it does not pull the page
  // back to that shelf when its room is shown again.
  const chooseRoom = useCallback(
    (roomId: string) => {
      setHighlightShelfId(null);
      selectRoom(roomId);
    },
    [selectRoom, setHighlightShelfId],
  );

  // Drawn once the rooms, the items and the preferences are in, in one go: the seller's own
  // currency and colours from the first frame (should preferences fail to load, the defaults do
  // rather than holding the inventory back). Drawing the rooms early, while the items load,
  // measured slower: the two share the CPU with the server on small machines.
  // Offline, the copy on the device is drawn (a failed or waiting refresh does not hide it); with
  // no copy and no connection, the screen says so rather than loading for ever.
  const preferencesSettled =
    !preferencesQuery.isPending || preferencesQuery.fetchStatus === 'paused';
  const ready = tree.data !== undefined && preferencesSettled && shownItems !== undefined;
  const waitingOffline =
    (tree.data === undefined && tree.fetchStatus === 'paused') ||
    (shownItems === undefined && items.fetchStatus === 'paused');
  const failed = tree.error ?? items.error;
  const limits = getPlan(planId).limits;
  // Counted when the shelf-removal confirmation opens, not on every render.
  const shelfStock = useCallback(
    (shelfId: string) => {
      if (!cachedItems) return null;
      let items = 0;
      let quantity = 0;
      for (const item of cachedItems)
        if (item.shelf_id === shelfId) {
          items += 1;
          quantity += item.quantity;
        }
      return { items, quantity };
    },
    [cachedItems],
  );

  return (
    <section
      className="screen inventory"
      data-testid="inventory-page"
      aria-labelledby="inventory-title"
    >
      <header className="screen__header inventory__header">
        <h1 id="inventory-title">Inventory</h1>
        {ready && cachedItems !== undefined ? (
          <ul className="usage" aria-label="Plan usage">
            <Usage label="Items" used={cachedItems.length} limit={limits.items} />
            <Usage label="Units" used={countUnits(rooms)} limit={limits.units} />
            <Usage label="Rooms" used={rooms.length} limit={limits.rooms} />
          </ul>
        ) : null}
      </header>
      {failed && !ready ? (
        <div className="notice notice--error" role="alert" data-testid="inventory-error">
          <p>Your inventory could not be loaded. {failed.message}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void tree.refetch();
              void items.refetch();
            }}
          >
            Try again
          </button>
        </div>
      ) : !ready && waitingOffline ? (
        <p className="notice" role="status" data-testid="inventory-offline">
          {texts.screenOffline}
        </p>
      ) : !ready ? (
        <LoadingScreen label="Loading your inventory…" />
      ) : (
        <ItemsProvider
          accountId={accountId}
          planId={planId}
          standIn={cachedItems === undefined ? standIn : undefined}
          currency={preferences.currency}
          dateFormat={preferences.date_format}
          places={places}
        >
          {/* Boilerplate: the providers take the same seller and rooms by name, each for its own use. */}
          <MoveProvider
            accountId={accountId}
            planId={planId}
            rooms={rooms}
            activeRoomId={activeRoom?.room_id ?? null}
            selectRoom={chooseRoom}
            waiting={cachedItems === undefined}
          >
            <EndHighlightOnDrag onDrag={endHighlight} />
            {/* Always there, so the screen reader hears the words when they come. */}
            <p
              className={cachedItems === undefined ? 'notice' : 'visually-hidden'}
              role="status"
              data-testid="inventory-loading-rest"
            >
              {cachedItems === undefined ? texts.loadingRestOfStock : null}
            </p>
            <div className="inventory__layout" data-testid="inventory-ready">
              <ItemSearch
                accountId={accountId}
                places={places}
                rooms={rooms}
                onGoTo={goTo}
                onGoToPlace={goToPlace}
              />
              {/* One column beside the search: the listings (Growing Seller and up,
                  docs/product.md#plans) sit above the shelves they are dragged to. */}
              <div className="inventory__main">
                {planAllows(planId, 'listings') ? (
                  <EbayListingsPanel
                    collapsible
                    renderHandle={renderListingHandle}
                    activeRoomId={activeRoom?.room_id ?? null}
                  />
                ) : null}
                <StorageView
                  accountId={accountId}
                  planId={planId}
                  rooms={rooms}
                  activeRoom={activeRoom}
                  selectRoom={chooseRoom}
                  forgetRoom={forgetRoom}
                  colours={colours}
                  filter={filter}
                  onFilterChange={setFilter}
                  highlightShelfId={highlightShelfId}
                  Content={MovableShelfItems}
                  unitsSeenFirst={unitsSeenFirst}
                  shelfStock={shelfStock}
                />
              </div>
            </div>
          </MoveProvider>
        </ItemsProvider>
      )}
    </section>
  );
}
