import { useCallback, useRef, useState } from 'react';
import { useAccountId, useAccountPlanId, useCan } from '../account';
import { Dialog } from '../../components/dialog';
import { ItemPhotos } from '../photos';
import { Link } from 'react-router-dom';
import { Screen } from '../../components/screen';
import { LoadingScreen } from '../../components/loading-screen';
import { notify } from '../../components/toasts';
import type { ToastMessage } from '../../lib/messages';
import { DUPLICATE_SCAN, lookupByBarcode } from '../../domain/barcodes';
import { findLocation, readLocationLabel } from '../../domain/location-codes';
import {
  addEntry,
  entriesToAdd,
  findEntry,
  removeEntry,
  scanOrCount,
  scanQuantity,
  scannedItemOf,
  updateEntries,
  type ScanEntry,
  type ScanSource,
} from '../../domain/scan-session';
import { messages } from '../../lib/messages';
import { useItems } from '../../data/items/get-items';
import { usePreferences } from '../../data/settings/get-preferences';
import { useUndoOffer } from '../undo';
import { ShelfPicker, shelfPlaceName, useShelfPlaces } from '../shelf-picker';
import { useAddScannedItems } from './add-scanned-items';
import {
  barcodeMessages,
  scanFailedToast,
  SCAN_SUMMARY_TOAST_ID,
  type ScanTally,
} from './barcode-messages';
import { CameraScanner } from './camera-scanner';
import { useMoveItemToShelf } from './move-to-shelf';
import { useScanAccess } from './scan-access';
import { ScanInput } from './scan-input';
import { ScanList } from './scan-list';
import { useWedgeScanner } from '../../lib/use-wedge-scanner';
import './barcodes.css';
import { unitTitle } from '../../domain/say-once';

type Mode = 'bulk' | 'putaway';

/** Bulk add by scanning, and put-away: Power Seller and up (docs/product.md#plans). */
export function ScanScreen() {
  const access = useScanAccess();
  return (
    <Screen
      testId="scan-page"
      title="Bulk Scan"
      intro="Scan items with a USB or Bluetooth scanner, or the camera, and put them on a shelf in one go."
    >
      {access.isPending ? (
        <LoadingScreen />
      ) : access.allowed ? (
        <Scanner />
      ) : (
        <div className="scan-upgrade" data-testid="scan-upgrade" role="note">
          <h2>Upgrade to scan</h2>
          <p>
            Bulk scanning is included in the {access.requiredPlan} plan and above. You can still
            print barcode labels on any plan.
          </p>
          {/* Boilerplate: two links styled as buttons; each page names its own destinations. */}
          <p className="scan-upgrade__actions">
            <Link className="button button--primary" to="/dashboard/settings?tab=subscription">
              See plans
            </Link>
            <Link className="button button--secondary" to="/dashboard/barcode-labels">
              Barcode labels
            </Link>
          </p>
        </div>
      )}
    </Screen>
  );
}

type Target = { ok: true; shelfId: string } | { ok: false; message: string };

// "One per code" is remembered for the browser session: a seller who scans one of each keeps it
// on while they work, and a new session starts with counting, the usual case.
const ONE_PER_CODE_KEY = 'stockroom.scan.onePerCode';
function readOnePerCode(): boolean {
  try {
    return sessionStorage.getItem(ONE_PER_CODE_KEY) === 'true';
  } catch {
    return false;
  }
}
function writeOnePerCode(on: boolean): void {
  try {
    sessionStorage.setItem(ONE_PER_CODE_KEY, String(on));
  } catch {
    // private mode: the choice lasts until the page is left
  }
}

function Scanner() {
  const accountId = useAccountId();
  const preferences = usePreferences(accountId);
  const batch = preferences.data?.barcode_batch ?? false;
  const lookup = preferences.data?.barcode_lookup ?? true;
  const items = useItems(accountId, useAccountPlanId());
  const { places, rooms } = useShelfPlaces();
  const addScanned = useAddScannedItems();
  const moveItem = useMoveItemToShelf();
  // A put-away move is a move like a drag: its toast offers the same Undo (move_items records it).
  const offerUndo = useUndoOffer(accountId);

  const [mode, setMode] = useState<Mode>('bulk');
  const [camera, setCamera] = useState(false);
  const [shelfId, setShelfId] = useState<string | null>(null);
  const [putawayShelfId, setPutawayShelfId] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [onePerCode, setOnePerCode] = useState(readOnePerCode);
  const scanInputRef = useRef<HTMLInputElement>(null);
  // After choosing a shelf the focus sits on its select, where a scanner's keys would change
  // the selection (type-ahead): hand the focus back to the scan field.
  const chooseShelf = (set: (id: string | null) => void) => (id: string | null) => {
    set(id);
    if (id) scanInputRef.current?.focus();
  };
  // Each mode keeps its own list; a ref mirrors them so a burst of scans (faster than React
  // renders) is checked for duplicates against every scan before it, not a stale render.
  const [lists, setLists] = useState<Record<Mode, ScanEntry[]>>({ bulk: [], putaway: [] });
  // "Add photo" on a saved scan opens the item's Photos section (docs/product.md#photos).
  const [photoFor, setPhotoFor] = useState<{ itemId: string; name: string } | null>(null);
  const mayAddPhotos = useCan('add-photos');
  const listsRef = useRef(lists);
  const setList = useCallback((which: Mode, edit: (entries: ScanEntry[]) => ScanEntry[]) => {
    listsRef.current = { ...listsRef.current, [which]: edit(listsRef.current[which]) };
    setLists(listsRef.current);
  }, []);

  const placeName = (id: string) => {
    const place = places.get(id);
    return place ? shelfPlaceName(place) : 'the shelf';
  };

  /** The shelf a shelf or unit label names (a unit label means its first shelf). */
  const targetOf = (code: string): Target | null => {
    const parsed = readLocationLabel(code);
    if (!parsed) return null;
    if (parsed.kind === 'shelf') {
      const found = findLocation(parsed, places.values(), (p) => ({
        id: p.shelf.shelf_id,
        code: p.shelf.code ?? '',
      }));
      if (found.ok) return { ok: true, shelfId: found.place.shelf.shelf_id };
      return { ok: false, message: locationProblem(found.reason, 'shelf') };
    }
    const units = rooms.flatMap((r) => r.isles.flatMap((i) => i.units));
    const found = findLocation(parsed, units, (u) => ({ id: u.unit_id, code: u.code ?? '' }));
    if (!found.ok) return { ok: false, message: locationProblem(found.reason, 'unit') };
    const first = found.place.shelves[0];
    if (!first)
      return { ok: false, message: `${unitTitle(found.place.unit_name)} has no shelves yet` };
    return { ok: true, shelfId: first.shelf_id };
  };

  // One toast for the Bulk Scan session, updated in place rather than one stacked per scan.
  const tally = useRef<ScanTally>({ fresh: 0, counted: 0 });
  const summarize = (latest: ToastMessage) =>
    notify(barcodeMessages.scanSummary(latest, tally.current), { id: SCAN_SUMMARY_TOAST_ID });

  const refuse = (message: string) => {
    notify(message === DUPLICATE_SCAN ? messages.duplicateItem() : messages.scanFailed(message));
    setStatus(message);
  };

  const addToShelf = (which: Mode, entries: readonly ScanEntry[], target: string) => {
    const codes = entries.map((e) => e.code);
    const place = placeName(target);
    setList(which, (list) => updateEntries(list, codes, { status: 'adding' }));
    addScanned.mutate(
      { shelfId: target, items: entries.map(scannedItemOf) },
      {
        onSuccess: (result) => {
          const saved = new Map(entries.map((e, i) => [e.code, result.item_ids[i]]));
          setList(which, (list) =>
            list.map((e) =>
              saved.has(e.code)
                ? {
                    ...e,
                    status: 'added',
                    place: e.choice === 'existing' && e.held ? e.held.place : place,
                    itemId: saved.get(e.code),
                    shelfId: target,
                  }
                : e,
            ),
          );
          if (which === 'bulk' && batch)
            summarize(barcodeMessages.scannedAdded(entries.length, place));
          else if (entries.length > 1) notify(barcodeMessages.scannedAdded(entries.length, place));
          const first = entries[0]!;
          setStatus(
            entries.length > 1
              ? `Added ${entries.length} items to ${place}`
              : first.choice === 'existing' && first.held
                ? `Added ${scanQuantity(first)} to ${first.held.name} on ${first.held.place}`
                : `Added ${first.name || first.code} to ${place}`,
          );
        },
        onError: (error) => {
          setList(which, (list) => updateEntries(list, codes, { status: 'failed' }));
          const toast = scanFailedToast(error);
          notify(toast);
          setStatus(toast.message);
        },
      },
    );
  };

  /** A code scanned again after it was saved: one more of that item, saved at once. */
  const raiseSaved = (entry: ScanEntry) => {
    const quantity = scanQuantity(entry) + 1;
    const name =
      entry.held && entry.choice === 'existing' ? entry.held.name : entry.name || entry.code;
    setList('bulk', (list) => updateEntries(list, [entry.code], { status: 'adding' }));
    addScanned.mutate(
      {
        shelfId: entry.shelfId ?? shelfId ?? '',
        items: [{ barcode: entry.code, item_id: entry.itemId }],
      },
      {
        onSuccess: () => {
          setList('bulk', (list) =>
            updateEntries(list, [entry.code], { status: 'added', quantity }),
          );
          tally.current.counted += 1;
          const toast = barcodeMessages.scanCounted(name, quantity);
          summarize(toast);
          setStatus(toast.message);
        },
        onError: (error) => {
          setList('bulk', (list) => updateEntries(list, [entry.code], { status: 'added' }));
          const toast = scanFailedToast(error);
          notify(toast);
          setStatus(toast.message);
        },
      },
    );
  };

  /** The seller's answer for a code they already hold: raise that item, or a new one here. */
  const choose = (code: string, choice: 'existing' | 'new') => {
    const entry = findEntry(listsRef.current.bulk, code);
    if (!entry || (entry.status !== 'pending' && entry.status !== 'failed')) return;
    const chosen = { ...entry, choice };
    setList('bulk', (list) => list.map((e) => (e === entry ? chosen : e)));
    if (!batch && shelfId) addToShelf('bulk', [chosen], shelfId);
    else
      setStatus(
        choice === 'existing' && entry.held
          ? `${code} will be added to ${entry.held.name} on ${entry.held.place}`
          : `${code} will be a new item on the shelf`,
      );
  };

  const scanBulk = (code: string, source: ScanSource) => {
    if (!batch && !shelfId) {
      refuse('Choose a shelf first, then scan');
      return;
    }
    const again = onePerCode ? undefined : findEntry(listsRef.current.bulk, code);
    if (again?.status === 'adding')
      return refuse(`Still saving ${again.code}; scan it again in a moment`);
    if (again?.status === 'added' && again.itemId) return raiseSaved(again);

    const match = lookup ? lookupByBarcode(items.data ?? [], code) : null;
    // A code the seller already holds on a shelf: the row asks whether to add to that item.
    // In batch mode it starts as a new item (as before); at once mode waits for the answer.
    const held =
      match?.shelf_id != null
        ? { itemId: match.item_id, name: match.item_name, place: placeName(match.shelf_id) }
        : undefined;
    const entry: ScanEntry = {
      code,
      name: match?.item_name ?? '',
      matched: match !== null,
      source,
      status: 'pending',
      ...(held ? { held, ...(batch ? { choice: 'new' as const } : {}) } : {}),
    };
    const result = scanOrCount(listsRef.current.bulk, entry, onePerCode);
    if (!result.ok) return refuse(result.message);
    setList('bulk', () => result.entries);
    if (result.counted) tally.current.counted += 1;
    else tally.current.fresh += 1;
    if (result.counted) {
      const counted = result.counted;
      const toast = barcodeMessages.scanCounted(
        counted.name || counted.code,
        scanQuantity(counted),
      );
      summarize(toast);
      setStatus(toast.message);
      return;
    }
    if (batch || !shelfId) {
      setStatus(`Scanned ${code}${match ? ` (${match.item_name})` : ''}`);
      return;
    }
    if (held) {
      setStatus(
        `You already have ${held.name} on ${held.place}: choose Add to that item or New item here`,
      );
      return;
    }
    addToShelf('bulk', [entry], shelfId);
  };

  const scanPutaway = (code: string, source: ScanSource) => {
    if (!putawayShelfId) {
      refuse('Scan a shelf label first');
      return;
    }
    // Put-away is for things the seller holds: a code they already have moves that item.
    const existing = lookupByBarcode(items.data ?? [], code);
    const entry: ScanEntry = {
      code,
      name: existing?.item_name ?? '',
      matched: existing !== null,
      source,
      status: 'adding',
    };
    const result = addEntry(listsRef.current.putaway, entry);
    if (!result.ok) return refuse(result.message);
    setList('putaway', () => result.entries);
    const target = putawayShelfId;
    const place = placeName(target);
    if (!existing) {
      addToShelf('putaway', [entry], target);
      return;
    }
    if (existing.shelf_id === target) {
      setList('putaway', (list) => updateEntries(list, [code], { status: 'moved', place }));
      setStatus(`${existing.item_name} is already on ${place}`);
      return;
    }
    const shelf = places.get(target);
    moveItem.mutate(
      {
        itemIds: [existing.item_id],
        names: [existing.item_name],
        target: {
          shelf_id: target,
          unit_id: shelf?.unit.unit_id ?? '',
          room_id: shelf?.room.room_id ?? '',
        },
      },
      {
        onSuccess: () => {
          setList('putaway', (list) => updateEntries(list, [code], { status: 'moved', place }));
          setStatus(`Moved ${existing.item_name} to ${place}`);
          offerUndo(messages.itemMoved(existing.item_name), 'move_items', { id: 'item-moved' });
        },
        onError: (error) => {
          setList('putaway', (list) => updateEntries(list, [code], { status: 'failed' }));
          notify(scanFailedToast(error));
        },
      },
    );
  };

  const onScan = (code: string, source: ScanSource) => {
    const target = targetOf(code);
    if (target) {
      if (!target.ok) return refuse(target.message);
      if (mode === 'bulk') setShelfId(target.shelfId);
      else setPutawayShelfId(target.shelfId);
      setStatus(
        mode === 'bulk'
          ? `Adding to ${placeName(target.shelfId)}`
          : `Putting away on ${placeName(target.shelfId)}: scan the items now`,
      );
      return;
    }
    if (mode === 'bulk') scanBulk(code, source);
    else scanPutaway(code, source);
  };

  useWedgeScanner((code) => onScan(code, 'scanner'));

  const list = lists[mode];
  const toAdd = entriesToAdd(lists.bulk);
  const putawayPlace = putawayShelfId ? places.get(putawayShelfId) : undefined;

  return (
    <div className="scanner" data-testid="scanner" data-mode={mode}>
      <div className="scanner__modes" role="group" aria-label="Scan mode">
        <button
          type="button"
          className={mode === 'bulk' ? 'button button--primary' : 'button button--secondary'}
          aria-pressed={mode === 'bulk'}
          onClick={() => setMode('bulk')}
          data-testid="mode-bulk"
        >
          Bulk add
        </button>
        <button
          type="button"
          className={mode === 'putaway' ? 'button button--primary' : 'button button--secondary'}
          aria-pressed={mode === 'putaway'}
          onClick={() => setMode('putaway')}
          data-testid="mode-putaway"
        >
          Put away
        </button>
      </div>

      {mode === 'bulk' ? (
        <div className="scanner__target">
          <ShelfPicker
            value={shelfId}
            onChange={chooseShelf(setShelfId)}
            legend="Add to shelf"
            testId="scan-shelf"
          />
          <p className="muted" data-testid="scan-batch-hint">
            {batch
              ? 'Batch mode: scans are collected here; Add all puts them on the shelf together.'
              : 'Each scan is added to the shelf at once. Turn on batch mode in Settings › Barcode to collect scans first.'}
          </p>
          <label className="scan-one-per-code" data-testid="scan-one-per-code">
            <input
              type="checkbox"
              checked={onePerCode}
              onChange={(event) => {
                setOnePerCode(event.target.checked);
                writeOnePerCode(event.target.checked);
              }}
            />
            One per code (refuse a code scanned twice instead of counting it)
          </label>
        </div>
      ) : (
        <div className="scanner__target" data-testid="putaway-target">
          <p>
            {putawayPlace ? (
              <>
                Putting away on{' '}
                <strong data-testid="putaway-shelf">{shelfPlaceName(putawayPlace)}</strong>. Scan
                items to put them here, or another shelf label to move on.
              </>
            ) : (
              'Scan a shelf label (print them from Barcode Labels) to start, then scan each item you put on that shelf.'
            )}
          </p>
          <details>
            <summary>No label? Choose the shelf</summary>
            <ShelfPicker
              value={putawayShelfId}
              onChange={chooseShelf(setPutawayShelfId)}
              legend="Put away on shelf"
              testId="putaway-shelf-picker"
            />
          </details>
        </div>
      )}

      <ScanInput
        inputRef={scanInputRef}
        onScan={onScan}
        label={mode === 'bulk' ? 'Barcode' : 'Shelf label or item barcode'}
      />
      <div className="scanner__camera">
        {camera ? (
          <CameraScanner
            onScan={(code) => onScan(code, 'camera')}
            onError={(message) => {
              notify(messages.scanFailed(message));
              setCamera(false);
            }}
            onClose={() => setCamera(false)}
          />
        ) : (
          // Boilerplate: a plain button; each screen names its own action and test id.
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setCamera(true)}
            data-testid="scan-camera"
          >
            Scan with camera
          </button>
        )}
      </div>

      <p className="scanner__status" role="status" aria-live="polite" data-testid="scan-status">
        {status}
      </p>

      <div className="scanner__list-header">
        <h2>
          {mode === 'bulk' ? 'Scanned items' : 'Put away this session'}{' '}
          <span className="muted" data-testid="scan-count">
            ({list.length})
          </span>
        </h2>
        <div className="scanner__actions">
          {mode === 'bulk' && toAdd.length > 0 ? (
            <button
              type="button"
              className="button button--primary"
              disabled={!shelfId || addScanned.isPending}
              onClick={() => shelfId && addToShelf('bulk', toAdd, shelfId)}
              data-testid="scan-add-all"
            >
              {addScanned.isPending ? 'Adding…' : `Add all (${toAdd.length}) to shelf`}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            disabled={list.length === 0}
            onClick={() => {
              setList(mode, () => []);
              if (mode === 'bulk') tally.current = { fresh: 0, counted: 0 };
              setStatus('The list was cleared');
            }}
            data-testid="scan-clear-all"
          >
            Clear all
          </button>
        </div>
      </div>
      <ScanList
        entries={list}
        onRemove={(code) => setList(mode, (entries) => removeEntry(entries, code))}
        onRename={
          mode === 'bulk'
            ? (code, name) => setList('bulk', (entries) => updateEntries(entries, [code], { name }))
            : undefined
        }
        onChoose={mode === 'bulk' ? choose : undefined}
        onAddPhoto={mayAddPhotos ? (itemId, name) => setPhotoFor({ itemId, name }) : undefined}
      />
      {photoFor ? (
        <Dialog
          open
          title={`Photos of ${photoFor.name}`}
          onClose={() => setPhotoFor(null)}
          testId="scan-photo-dialog"
          footer={
            <button
              type="button"
              className="button button--primary"
              onClick={() => setPhotoFor(null)}
            >
              Done
            </button>
          }
        >
          <ItemPhotos itemId={photoFor.itemId} itemName={photoFor.name} />
        </Dialog>
      ) : null}
    </div>
  );
}

function locationProblem(reason: 'not-found' | 'ambiguous', kind: 'shelf' | 'unit'): string {
  return reason === 'not-found'
    ? `This ${kind} label is not one of your ${kind === 'shelf' ? 'shelves' : 'units'}`
    : `This ${kind} label matches more than one ${kind}; choose the shelf instead`;
}
