import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Screen } from '../../components/screen';
import { LoadingScreen } from '../../components/loading-screen';
import { notify } from '../../components/toasts';
import { DUPLICATE_SCAN, lookupByBarcode } from '../../domain/barcodes';
import { findLocation, parseLocationCode } from '../../domain/location-codes';
import {
  addEntry,
  entriesToAdd,
  removeEntry,
  updateEntries,
  type ScanEntry,
  type ScanSource,
} from '../../domain/scan-session';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { useItems } from '../items';
import { usePreferences } from '../settings';
import { ShelfPicker, shelfPlaceName, useShelfPlaces } from '../shelf-picker';
import { useAddScannedItems } from './add-scanned-items';
import { barcodeMessages, scanFailedToast } from './barcode-messages';
import { CameraScanner } from './camera-scanner';
import { useMoveItemToShelf } from './move-to-shelf';
import { useScanAccess } from './scan-access';
import { ScanInput } from './scan-input';
import { ScanList } from './scan-list';
import { useWedgeScanner } from './use-wedge-scanner';
import './barcodes.css';

type Mode = 'bulk' | 'putaway';

/** Bulk add by scanning, and put-away (SPEC 1, 4): Power Seller and up. */
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

function Scanner() {
  const { user } = useAuth();
  const preferences = usePreferences();
  const batch = preferences.data?.barcode_batch ?? false;
  const lookup = preferences.data?.barcode_lookup ?? true;
  const items = useItems(user?.id ?? '');
  const { places, rooms } = useShelfPlaces();
  const addScanned = useAddScannedItems();
  const moveItem = useMoveItemToShelf();

  const [mode, setMode] = useState<Mode>('bulk');
  const [camera, setCamera] = useState(false);
  const [shelfId, setShelfId] = useState<string | null>(null);
  const [putawayShelfId, setPutawayShelfId] = useState<string | null>(null);
  const [status, setStatus] = useState('');
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
    const parsed = parseLocationCode(code);
    if (!parsed) return null;
    if (parsed.kind === 'shelf') {
      const found = findLocation(parsed, places.values(), (p) => p.shelf.shelf_id);
      if (found.ok) return { ok: true, shelfId: found.place.shelf.shelf_id };
      return { ok: false, message: locationProblem(found.reason, 'shelf') };
    }
    const units = rooms.flatMap((r) => r.isles.flatMap((i) => i.units));
    const found = findLocation(parsed, units, (u) => u.unit_id);
    if (!found.ok) return { ok: false, message: locationProblem(found.reason, 'unit') };
    const first = found.place.shelves[0];
    if (!first) return { ok: false, message: `Unit ${found.place.unit_name} has no shelves yet` };
    return { ok: true, shelfId: first.shelf_id };
  };

  const refuse = (message: string) => {
    notify(message === DUPLICATE_SCAN ? messages.duplicateItem() : messages.scanFailed(message));
    setStatus(message);
  };

  const addToShelf = (which: Mode, entries: readonly ScanEntry[], target: string) => {
    const codes = entries.map((e) => e.code);
    const place = placeName(target);
    setList(which, (list) => updateEntries(list, codes, { status: 'adding' }));
    addScanned.mutate(
      { shelfId: target, items: entries.map((e) => ({ barcode: e.code, item_name: e.name })) },
      {
        onSuccess: () => {
          setList(which, (list) => updateEntries(list, codes, { status: 'added', place }));
          if (entries.length > 1 || (which === 'bulk' && batch))
            notify(barcodeMessages.scannedAdded(entries.length, place));
          setStatus(
            entries.length === 1
              ? `Added ${entries[0]!.name || entries[0]!.code} to ${place}`
              : `Added ${entries.length} items to ${place}`,
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

  const scanBulk = (code: string, source: ScanSource) => {
    if (!batch && !shelfId) {
      refuse('Choose a shelf first, then scan');
      return;
    }
    const match = lookup ? lookupByBarcode(items.data ?? [], code) : null;
    const entry: ScanEntry = {
      code,
      name: match?.item_name ?? '',
      matched: match !== null,
      source,
      status: 'pending',
    };
    const result = addEntry(listsRef.current.bulk, entry);
    if (!result.ok) return refuse(result.message);
    setList('bulk', () => result.entries);
    if (batch || !shelfId) {
      setStatus(`Scanned ${code}${match ? ` (${match.item_name})` : ''}`);
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
    moveItem.mutate(
      { itemId: existing.item_id, shelfId: target },
      {
        onSuccess: () => {
          setList('putaway', (list) => updateEntries(list, [code], { status: 'moved', place }));
          setStatus(`Moved ${existing.item_name} to ${place}`);
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
      />
    </div>
  );
}

function locationProblem(reason: 'not-found' | 'ambiguous', kind: 'shelf' | 'unit'): string {
  return reason === 'not-found'
    ? `This ${kind} label is not one of your ${kind === 'shelf' ? 'shelves' : 'units'}`
    : `This ${kind} label matches more than one ${kind}; choose the shelf instead`;
}
