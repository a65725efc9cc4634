import './items.css';
import { texts } from '../../lib/messages';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import {
  RECENT_ITEMS_LIMIT,
  countNameMatches,
  quickSearch,
  recentItems,
  searchByBarcode,
  searchResultsSummary,
} from '../../domain/search';
import type { Room, ShelfPlace } from '../../data/storage/types';
import { lookUpLocationCode, type CodeLookup, type CodedPlace } from '../../domain/location-codes';
import { useWedgeScanner } from '../../lib/use-wedge-scanner';
import { useItems } from '../../data/items/get-items';
import { useBarcodeSearch } from '../../data/items/search-items';
import {
  hitFromItem,
  hitLocationLabel,
  type HitLocation,
  type SearchHit,
} from '../../data/items/search-hits';
import type { Item } from '../../data/items/types';
import type { AccountId } from '../../domain/ids';
import { useAccountPlanId } from '../account';
import { ItemThumb } from '../photos';

type SearchMode = 'name' | 'barcode';

const NO_ITEMS: Item[] = [];
const SERVER_DEBOUNCE_MS = 200;
/** Where the inventory's two columns become one (inventory.css). */
const NARROW_LAYOUT = '(max-width: 1100px)';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function HitList({
  hits,
  onGoTo,
  testId,
  hitTestId,
  label,
}: {
  hits: readonly SearchHit[];
  onGoTo: (location: HitLocation, itemId: string) => void;
  testId: string;
  hitTestId: string;
  label: string;
}) {
  return (
    <ul className="hits" data-testid={testId} aria-label={label}>
      {hits.map((hit) => (
        <li key={hit.item_id}>
          <button
            type="button"
            className="hit"
            disabled={!hit.location}
            onClick={() => hit.location && onGoTo(hit.location, hit.item_id)}
            data-testid={hitTestId}
            data-item-id={hit.item_id}
          >
            <ItemThumb itemId={hit.item_id} />
            <span className="hit__name">
              {hit.item_name} <span className="hit__quantity">× {hit.quantity}</span>
            </span>
            <span className="hit__location" data-testid="hit-location">
              {hitLocationLabel(hit.location)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The shelf or unit a location code in the search bar names, to go to again or to say is not there. */
function PlaceResult({
  text,
  found,
  onGoToPlace,
}: {
  text: string;
  found: CodeLookup;
  onGoToPlace: (place: CodedPlace) => void;
}) {
  if (!found.ok) {
    if (found.reason === 'not-a-code') return null;
    return (
      <p className="muted" role="status" data-testid="item-search-place-missing">
        {found.reason === 'not-found'
          ? `No shelf or unit of yours has the code ${text.trim().toUpperCase()}.`
          : 'More than one place matches this old label: scan its new S- or U- code.'}
      </p>
    );
  }
  const { place } = found;
  return (
    <button
      type="button"
      className="hit hit--place"
      onClick={() => onGoToPlace(place)}
      data-testid="item-search-place"
      data-place-kind={place.kind}
    >
      <span className="hit__name">
        {place.kind === 'shelf' ? 'Shelf' : 'Unit'} {place.code}
      </span>
      <span className="hit__location">{place.path}</span>
    </button>
  );
}

/**
 * Quick search (name contains the text, 10 results) and barcode search (exact barcode, else
 * name or barcode contains it), each hit with its room › isle › unit › shelf; choosing one
 * takes the seller there. Name search runs on the loaded items, so results follow each key
 * press at once; barcode search asks the server (docs/product.md#search), showing the same rule
 * applied to the loaded items until it answers. Below, the 10 most recently added items.
 * A shelf or unit label's code, typed or scanned (also with the focus on no field), goes
 * straight to that place (docs/product.md#search).
 */
export function ItemSearch({
  accountId,
  places,
  rooms,
  onGoTo,
  onGoToPlace,
}: {
  accountId: AccountId;
  places: ReadonlyMap<string, ShelfPlace>;
  rooms: readonly Room[];
  onGoTo: (location: HitLocation, itemId: string) => void;
  onGoToPlace: (place: CodedPlace) => void;
}) {
  const id = useId();
  const loaded = useItems(accountId, useAccountPlanId()).data;
  const items = loaded ?? NO_ITEMS;
  const [mode, setMode] = useState<SearchMode>('name');
  const [text, setText] = useState('');
  // On a tablet the shelves are the work: recent items wait behind their heading until asked for.
  const [recentOpen, setRecentOpen] = useState(() => !window.matchMedia(NARROW_LAYOUT).matches);
  // Typing stays responsive with 5000 items: the list follows at React's next idle moment.
  const query = useDeferredValue(text);
  const serverQuery = useDebounced(query, SERVER_DEBOUNCE_MS);
  const server = useBarcodeSearch(accountId, serverQuery, mode === 'barcode');

  const { localHits, total } = useMemo(() => {
    if (query.trim() === '') return { localHits: [], total: 0 };
    if (mode === 'name') {
      const found = quickSearch(items, query).map((item) => hitFromItem(item, places));
      return { localHits: found, total: countNameMatches(items, query) };
    }
    const all = searchByBarcode(items, query);
    return {
      localHits: all.slice(0, 10).map((item) => hitFromItem(item, places)),
      total: all.length,
    };
  }, [items, query, mode, places]);

  const hits =
    mode === 'barcode' && server.data && !server.isPlaceholderData && serverQuery === query
      ? server.data
      : localHits;

  // A complete location code goes there at once: a scanner sends no Enter the search needs.
  const search = (next: string) => {
    setText(next);
    const found = lookUpLocationCode(rooms, next);
    if (found.ok) onGoToPlace(found.place);
    return found;
  };
  // A scan with the focus on no field lands here too; an item's code is searched as a barcode.
  // Not while a dialog is open: the scan is not meant for the screen behind it.
  useWedgeScanner((code) => {
    if (document.querySelector('[aria-modal="true"]')) return;
    if (search(code).ok === false) setMode('barcode');
  });
  const codedPlace = lookUpLocationCode(rooms, query);

  const recent = useMemo(
    // The list is kept newest first (loaded that way, new items prepended), so the newest ten
    // are its head: no need to sort 5000 items by date on every change.
    () => recentItems(items.slice(0, RECENT_ITEMS_LIMIT)).map((item) => hitFromItem(item, places)),
    [items, places],
  );

  return (
    <aside className="item-search" aria-label="Find items">
      <h2 className="item-search__title">Find items</h2>
      <div className="segmented" role="radiogroup" aria-label="Search by">
        {(['name', 'barcode'] as const).map((value) => (
          <label key={value} className="segmented__option">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              data-testid={`search-mode-${value}`}
            />
            <span>{value === 'name' ? 'Name' : 'Barcode'}</span>
          </label>
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${id}-query`}>
          {mode === 'name' ? 'Item name contains' : 'Barcode or name contains'}
        </label>
        <input
          id={`${id}-query`}
          type="search"
          value={text}
          autoComplete="off"
          placeholder={mode === 'name' ? 'Search by name' : 'Search by barcode or name'}
          onChange={(event) => search(event.target.value)}
          onKeyDown={(event) => {
            // Enter on a shelf code goes there again, after the seller chose another room.
            if (event.key === 'Enter' && codedPlace.ok) onGoToPlace(codedPlace.place);
          }}
          data-testid="item-search-input"
        />
      </div>
      <PlaceResult text={query} found={codedPlace} onGoToPlace={onGoToPlace} />
      {query.trim() !== '' && loaded === undefined ? (
        <p className="muted" data-testid="item-search-results" data-count="0" role="status">
          {texts.searchWaitsForStock}
        </p>
      ) : query.trim() !== '' && !codedPlace.ok ? (
        hits.length === 0 ? (
          <p className="muted" data-testid="item-search-results" data-count="0" role="status">
            No items found.
          </p>
        ) : (
          <div data-testid="item-search-results" data-count={hits.length}>
            <p className="muted item-search__count" role="status" data-testid="item-search-count">
              {searchResultsSummary(hits.length, Math.max(total, hits.length))}
            </p>
            <HitList
              hits={hits}
              onGoTo={onGoTo}
              testId="item-search-hits"
              hitTestId="item-search-result"
              label="Search results"
            />
          </div>
        )
      ) : null}
      <details
        className="item-search__recent"
        open={recentOpen}
        onToggle={(event) => setRecentOpen(event.currentTarget.open)}
        data-testid="recent-items-section"
      >
        <summary className="item-search__title">Recently added</summary>
        {recent.length === 0 ? (
          <p className="muted">No items yet.</p>
        ) : (
          <HitList
            hits={recent}
            onGoTo={(location, itemId) => {
              // The drop-down would cover the shelf it leads to.
              if (window.matchMedia(NARROW_LAYOUT).matches) setRecentOpen(false);
              onGoTo(location, itemId);
            }}
            testId="recent-items"
            hitTestId="recent-item"
            label="Recently added items"
          />
        )}
      </details>
    </aside>
  );
}
