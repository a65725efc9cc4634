import { useEffect, useMemo, useState } from 'react';
import { useAccountId, useAccountPlanId, useCan } from '../account';
import { createPortal, flushSync } from 'react-dom';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Screen } from '../../components/screen';
import { notify } from '../../components/toasts';
import { formatPrice } from '../../domain/currency-date';
import {
  DEFAULT_LABEL_FIELDS,
  DEFAULT_LABEL_SYMBOLOGY,
  itemLabel,
  type Label,
  type LabelFields,
  type LabelSymbology,
} from '../../domain/label-content';
import {
  DEFAULT_LABEL_LAYOUT,
  LABEL_LAYOUTS,
  LABEL_LAYOUT_IDS,
  isLabelLayoutId,
  labelsPerSheet,
  printCss,
  type LabelLayoutId,
} from '../../domain/label-layouts';
import { itemsInScope, type LabelScope } from '../../domain/label-selection';
import type { ShelfLocation } from '../../domain/storage-tree';
import {
  countPlaces,
  heldLines,
  locationLabel,
  placesInScope,
  type ChosenPlaces,
  type LocationScope,
} from '../../domain/location-labels';
import { errorMessage } from '../../lib/errors';
import { useItems } from '../../data/items/get-items';
import { usePreferences } from '../../data/settings/get-preferences';
import { shelfPlaceName, useShelfPlaces } from '../shelf-picker';
import { useAssignBarcodes } from './assign-barcodes';
import { barcodeMessages } from './barcode-messages';
import { LabelSelect, type LabelOption } from './label-select';
import { LabelSheets } from './label-sheets';
import './barcodes.css';

type LabelKind = 'items' | 'locations';
type PlaceScopeKind = 'room' | 'unit' | 'chosen';
type ScopeKind = LabelScope['kind'];
type UnitPlace = Omit<ShelfLocation, 'shelf'>;

const PREVIEW_SHEETS = 2;

const SCOPE_OPTIONS: readonly LabelOption[] = [
  { value: 'all', name: 'All items' },
  { value: 'search', name: 'Search' },
  { value: 'room', name: 'Room' },
  { value: 'unit', name: 'Unit' },
  { value: 'shelf', name: 'Shelf' },
];

/** Offered when the seller came from Products' Print labels with items chosen there. */
const CHOSEN_OPTION: LabelOption = { value: 'chosen', name: 'Chosen on Products' };

/** The item ids Products' Print labels passes in the navigation state, if any. */
function chosenItemIds(state: unknown): string[] | null {
  if (typeof state !== 'object' || state === null || !('itemIds' in state)) return null;
  const { itemIds } = state as { itemIds: unknown };
  return Array.isArray(itemIds) && itemIds.every((id) => typeof id === 'string') ? itemIds : null;
}

const isIdList = (ids: unknown): ids is string[] =>
  Array.isArray(ids) && ids.every((id) => typeof id === 'string');

/** The shelves (and units) the reprint offer passes in the navigation state (issue #41), if any. */
function chosenPlaces(state: unknown): ChosenPlaces | null {
  if (typeof state !== 'object' || state === null || !('shelfIds' in state)) return null;
  const { shelfIds, unitIds = [] } = state as { shelfIds: unknown; unitIds?: unknown };
  return isIdList(shelfIds) && isIdList(unitIds) ? { shelfIds, unitIds } : null;
}

const PLACE_SCOPE_OPTIONS: readonly LabelOption[] = [
  { value: 'room', name: 'Room' },
  { value: 'unit', name: 'Unit and its shelves' },
];
const HELD_LINES = 2;

const LAYOUT_OPTIONS: readonly LabelOption[] = LABEL_LAYOUT_IDS.map((id) => ({
  value: id,
  name: LABEL_LAYOUTS[id].name,
}));

const SYMBOLOGY_OPTIONS: readonly LabelOption[] = [
  { value: 'code128', name: 'Code 128 (any code)' },
  { value: 'retail', name: 'EAN-13 / UPC-A when the code is one' },
];

const FIELD_NAMES: Record<keyof LabelFields, string> = {
  name: 'Name',
  sku: 'SKU',
  location: 'Location',
  price: 'Price paid',
};

/**
 * Barcode labels for items, shelves and units on the sheets sellers buy (docs/product.md#routes).
 */
export function LabelsScreen() {
  const accountId = useAccountId();
  const items = useItems(accountId, useAccountPlanId());
  const preferences = usePreferences(accountId);
  const { places, rooms } = useShelfPlaces();
  const assign = useAssignBarcodes();
  // Giving items barcodes changes them: the owner's and managers' (docs/product.md#team).
  const mayAssign = useCan('assign-barcodes');

  // "Print label" on an item's row or dialog opens this screen with ?item=<id>: that item alone.
  const [searchParams] = useSearchParams();
  const itemId = searchParams.get('item') ?? '';
  const navigationState: unknown = useLocation().state;
  // The items Products passed, as they were when the seller came here.
  const [chosenIds] = useState(() => chosenItemIds(navigationState));
  const [reprint] = useState(() => chosenPlaces(navigationState));
  const [kind, setKind] = useState<LabelKind>(reprint ? 'locations' : 'items');
  const [placeScope, setPlaceScope] = useState<PlaceScopeKind>(reprint ? 'chosen' : 'room');
  const [showHeld, setShowHeld] = useState(false);
  const [scopeKind, setScopeKind] = useState<ScopeKind>(
    itemId ? 'item' : chosenIds ? 'chosen' : 'all',
  );
  const [searchText, setSearchText] = useState('');
  const [roomId, setRoomId] = useState('');
  const [unitId, setUnitId] = useState('');
  const [shelfId, setShelfId] = useState('');
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [layoutId, setLayoutId] = useState<LabelLayoutId>(DEFAULT_LABEL_LAYOUT);
  const [symbology, setSymbology] = useState<LabelSymbology>(DEFAULT_LABEL_SYMBOLOGY);
  const [fields, setFields] = useState<LabelFields>(DEFAULT_LABEL_FIELDS);
  const [skip, setSkip] = useState(0);
  const [printing, setPrinting] = useState(false);
  const layout = LABEL_LAYOUTS[layoutId];

  const units = useMemo(
    () =>
      rooms.flatMap((room) =>
        room.isles.flatMap((isle) => isle.units.map((unit) => ({ room, isle, unit }))),
      ),
    [rooms],
  );
  const roomOfUnit = useMemo(
    () => new Map(units.map(({ room, unit }) => [unit.unit_id, room.room_id])),
    [units],
  );

  const scope: LabelScope = useMemo(() => {
    switch (scopeKind) {
      case 'item':
        return { kind: 'item', itemId };
      case 'search':
        return { kind: 'search', text: searchText };
      case 'room':
        return { kind: 'room', roomId };
      case 'unit':
        return { kind: 'unit', unitId };
      case 'shelf':
        return { kind: 'shelf', shelfId };
      case 'chosen':
        return { kind: 'chosen', itemIds: chosenIds ?? [] };
      default:
        return { kind: 'all' };
    }
  }, [scopeKind, itemId, searchText, roomId, unitId, shelfId, chosenIds]);
  const scopeOptions = useMemo(() => {
    const chosen = chosenIds ? [CHOSEN_OPTION, ...SCOPE_OPTIONS] : SCOPE_OPTIONS;
    if (!itemId) return chosen;
    const name = items.data?.find((item) => item.item_id === itemId)?.item_name;
    return [{ value: 'item', name: name ? `Only ${name}` : 'One item' }, ...chosen];
  }, [itemId, chosenIds, items.data]);

  const candidates = useMemo(
    () => itemsInScope(items.data ?? [], scope, roomOfUnit),
    [items.data, scope, roomOfUnit],
  );
  const chosen = useMemo(
    () => candidates.filter((item) => !excluded.has(item.item_id)),
    [candidates, excluded],
  );
  const withoutCode = chosen.filter((item) => !item.barcode?.trim());
  const currency = preferences.data?.currency;

  const labels: Label[] = useMemo(() => {
    if (kind === 'items') {
      return chosen.flatMap((item) => {
        const place = item.shelf_id ? places.get(item.shelf_id) : undefined;
        const label = itemLabel(item, fields, symbology, {
          location: place ? shelfPlaceName(place) : null,
          price: item.price_paid === null ? null : formatPrice(item.price_paid, currency),
        });
        return label ? [label] : [];
      });
    }
    const locationScope: LocationScope =
      placeScope === 'chosen'
        ? { kind: 'chosen', unitIds: reprint?.unitIds ?? [], shelfIds: reprint?.shelfIds ?? [] }
        : placeScope === 'unit'
          ? { kind: 'unit', unitId }
          : { kind: 'room', roomId };
    return placesInScope(rooms, locationScope).map((place) =>
      locationLabel(
        place,
        showHeld
          ? heldLines(
              (items.data ?? [])
                .filter((item) =>
                  place.kind === 'shelf' ? item.shelf_id === place.id : item.unit_id === place.id,
                )
                .map((item) => item.item_name),
              HELD_LINES,
            )
          : [],
      ),
    );
  }, [
    kind,
    chosen,
    fields,
    symbology,
    places,
    roomId,
    unitId,
    currency,
    rooms,
    placeScope,
    reprint,
    showHeld,
    items.data,
  ]);

  // Ctrl+P prints the labels too: the print copy is rendered just before the print dialog.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const toggle = (itemId: string, on: boolean) =>
    setExcluded((previous) => {
      const next = new Set(previous);
      if (on) next.delete(itemId);
      else next.add(itemId);
      return next;
    });

  const generate = () => {
    const ids = withoutCode.map((item) => item.item_id);
    assign.mutate(ids, {
      onSuccess: () => notify(barcodeMessages.barcodesGenerated(ids.length)),
      onError: (error) => notify(barcodeMessages.barcodesGenerate(errorMessage(error))),
    });
  };

  const sheetCount = Math.ceil((labels.length + skip) / labelsPerSheet(layout));

  return (
    <Screen
      testId="barcode-labels-page"
      title="Barcode Labels"
      intro="Print barcode labels for your items, shelves and units so they can be scanned straight back into Stockroom."
      className="labels-screen"
    >
      <div className="labels-screen__controls">
        <fieldset className="labels-screen__group">
          <legend>Labels for</legend>
          {(['items', 'locations'] as const).map((value) => (
            <label key={value} className="labels-screen__choice">
              <input
                type="radio"
                name="label-kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                data-testid={`label-kind-${value}`}
              />
              {value === 'items' ? 'Items' : 'Shelves and units'}
            </label>
          ))}
        </fieldset>

        {kind === 'items' ? (
          <fieldset className="labels-screen__group">
            <legend>Choose items</legend>
            <LabelSelect
              label="By"
              value={scopeKind}
              options={scopeOptions}
              onChange={(value) => {
                setScopeKind(value as ScopeKind);
                setExcluded(new Set());
              }}
              testId="label-scope"
            />
            {scopeKind === 'search' ? (
              <label>
                Name, barcode or SKU
                {/* Boilerplate: a labelled text box; each names its own value and test id. */}
                <input
                  className="input"
                  type="search"
                  value={searchText}
                  onChange={(event) => setSearchText(event.target.value)}
                  data-testid="label-search"
                />
              </label>
            ) : null}
            {scopeKind === 'room' ? <RoomSelect value={roomId} onChange={setRoomId} /> : null}
            {/* Boilerplate: each drop-down names its own label, options and test id. */}
            {scopeKind === 'unit' ? (
              <UnitSelect units={units} value={unitId} onChange={setUnitId} testId="label-unit" />
            ) : null}
            {scopeKind === 'shelf' ? (
              <LabelSelect
                label="Shelf"
                value={shelfId}
                options={[...places.values()].map((place) => ({
                  value: place.shelf.shelf_id,
                  name: shelfPlaceName(place),
                }))}
                onChange={setShelfId}
                testId="label-shelf"
                placeholder="Choose a shelf"
              />
            ) : null}
          </fieldset>
        ) : (
          <fieldset className="labels-screen__group">
            <legend>Which places</legend>
            <LabelSelect
              label="By"
              value={placeScope}
              options={
                reprint
                  ? [
                      { value: 'chosen', name: `The ${countPlaces(reprint)} that changed` },
                      ...PLACE_SCOPE_OPTIONS,
                    ]
                  : PLACE_SCOPE_OPTIONS
              }
              onChange={(value) => setPlaceScope(value as PlaceScopeKind)}
              testId="label-place-scope"
            />
            {placeScope === 'room' ? (
              <RoomSelect value={roomId} onChange={setRoomId} allowAll />
            ) : null}
            {placeScope === 'unit' ? (
              <UnitSelect
                units={units}
                value={unitId}
                onChange={setUnitId}
                testId="label-place-unit"
              />
            ) : null}
            <label className="labels-screen__choice">
              <input
                type="checkbox"
                checked={showHeld}
                onChange={(event) => setShowHeld(event.target.checked)}
                data-testid="label-held"
              />
              What it holds (first {HELD_LINES} lines)
            </label>
          </fieldset>
        )}

        <fieldset className="labels-screen__group">
          <legend>Sheet</legend>
          <LabelSelect
            label="Layout"
            value={layoutId}
            options={LAYOUT_OPTIONS}
            onChange={(value) => {
              if (isLabelLayoutId(value)) setLayoutId(value);
              setSkip(0);
            }}
            testId="label-layout"
          />
          {labelsPerSheet(layout) > 1 ? (
            <label>
              Start at label
              <input
                className="input"
                type="number"
                min={1}
                max={labelsPerSheet(layout)}
                value={skip + 1}
                onChange={(event) => {
                  const n = Math.floor(Number(event.target.value));
                  setSkip(
                    Number.isFinite(n) ? Math.min(Math.max(n, 1), labelsPerSheet(layout)) - 1 : 0,
                  );
                }}
                data-testid="label-start"
              />
            </label>
          ) : null}
          {kind === 'items' ? (
            <LabelSelect
              label="Barcode type"
              value={symbology}
              options={SYMBOLOGY_OPTIONS}
              onChange={(value) => setSymbology(value as LabelSymbology)}
              testId="label-symbology"
            />
          ) : null}
        </fieldset>

        {kind === 'items' ? (
          <fieldset className="labels-screen__group">
            <legend>On the label</legend>
            {(Object.keys(FIELD_NAMES) as (keyof LabelFields)[]).map((field) => (
              <label key={field} className="labels-screen__choice">
                <input
                  type="checkbox"
                  checked={fields[field]}
                  onChange={(event) => setFields({ ...fields, [field]: event.target.checked })}
                  data-testid={`label-field-${field}`}
                />
                {FIELD_NAMES[field]}
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>

      {kind === 'items' ? (
        <div className="labels-screen__items">
          <div className="labels-screen__items-header">
            <p data-testid="label-chosen-count">
              {chosen.length} of {candidates.length} items chosen
            </p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setExcluded(new Set())}
            >
              Select all
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setExcluded(new Set(candidates.map((item) => item.item_id)))}
            >
              Select none
            </button>
          </div>
          {withoutCode.length > 0 ? (
            <p className="labels-screen__missing" data-testid="label-missing-codes">
              {withoutCode.length} chosen {withoutCode.length === 1 ? 'item has' : 'items have'} no
              barcode and will not get a label.
              {mayAssign ? (
                <>
                  {' '}
                  {/* Boilerplate: a button that says it is busy; each names its own action and wait. */}
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={generate}
                    disabled={assign.isPending}
                    data-testid="generate-barcodes"
                  >
                    {assign.isPending ? 'Generating…' : 'Generate barcodes'}
                  </button>
                </>
              ) : null}
            </p>
          ) : null}
          <ul className="labels-screen__item-list" aria-label="Items to label">
            {candidates.map((item) => (
              <li key={item.item_id} data-testid="label-item" data-item-id={item.item_id}>
                <label>
                  <input
                    type="checkbox"
                    checked={!excluded.has(item.item_id)}
                    onChange={(event) => toggle(item.item_id, event.target.checked)}
                  />
                  <span>{item.item_name}</span>
                  <code className="muted">{item.barcode ?? 'no barcode'}</code>
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="labels-screen__print">
        <button
          type="button"
          className="button button--primary"
          disabled={labels.length === 0}
          onClick={() => {
            // Render the print copy before the dialog takes its snapshot of the page.
            flushSync(() => setPrinting(true));
            window.print();
          }}
          data-testid="label-print"
        >
          Print {labels.length} {labels.length === 1 ? 'label' : 'labels'}
        </button>
        <p className="muted" data-testid="label-summary">
          {labels.length} {labels.length === 1 ? 'label' : 'labels'} on {sheetCount}{' '}
          {sheetCount === 1 ? 'page' : 'pages'} of {layout.name}. Print at 100 % (“Actual size”)
          with margins set to None so the labels land on the sheet.
        </p>
      </div>

      <div className="labels-screen__preview" aria-label="Preview">
        {labels.length === 0 ? (
          <p className="muted" data-testid="label-preview-empty">
            Nothing to print yet: choose what to label above.
          </p>
        ) : (
          <LabelSheets layout={layout} labels={labels} skip={skip} maxSheets={PREVIEW_SHEETS} />
        )}
        {sheetCount > PREVIEW_SHEETS ? (
          <p className="muted">
            Showing the first {PREVIEW_SHEETS} of {sheetCount} pages; all of them print.
          </p>
        ) : null}
      </div>

      {printing
        ? createPortal(
            <div className="label-print" aria-hidden="true">
              <style>{printCss(layout)}</style>
              <LabelSheets
                layout={layout}
                labels={labels}
                skip={skip}
                testId="label-print-sheets"
              />
            </div>,
            document.body,
          )
        : null}
    </Screen>
  );
}

/** A unit as the seller finds it: room › isle › unit. */
function unitPlaceName({ room, isle, unit }: UnitPlace): string {
  return `${room.room_name} › Isle ${isle.isle_index} › Unit ${unit.unit_name}`;
}

/** One unit of the seller's, for item labels or for location labels (its own test id each). */
function UnitSelect({
  units,
  value,
  onChange,
  testId,
}: {
  units: readonly UnitPlace[];
  value: string;
  onChange: (unitId: string) => void;
  testId: string;
}) {
  return (
    <LabelSelect
      label="Unit"
      value={value}
      options={units.map((place) => ({ value: place.unit.unit_id, name: unitPlaceName(place) }))}
      onChange={onChange}
      testId={testId}
      placeholder="Choose a unit"
    />
  );
}

function RoomSelect({
  value,
  onChange,
  allowAll = false,
}: {
  value: string;
  onChange: (roomId: string) => void;
  allowAll?: boolean;
}) {
  const { rooms } = useShelfPlaces();
  return (
    <LabelSelect
      label="Room"
      value={value}
      options={rooms.map((room) => ({ value: room.room_id, name: room.room_name }))}
      onChange={onChange}
      testId="label-room"
      placeholder={allowAll ? 'All rooms' : 'Choose a room'}
    />
  );
}
