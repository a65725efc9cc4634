import { useId, useMemo, useState } from 'react';
import { useAccountId } from '../account';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { shelfPlaces } from '../../data/storage/tree';
import type { ShelfPlace } from '../../data/storage/types';
import { locationPath, lookUpLocationCode } from '../../domain/location-codes';

/** 'Garage › Isle 2 › Unit B › Shelf 3': how a shelf is named wherever one is chosen. */
export function shelfPlaceName(place: ShelfPlace): string {
  return locationPath({
    room_name: place.room.room_name,
    isle_index: place.isle.isle_index,
    unit_name: place.unit.unit_name,
    shelf_index: place.shelf.shelf_index,
  });
}

/** Every shelf of the signed-in seller by id, with its room, isle and unit (the storage tree). */
export function useShelfPlaces() {
  const accountId = useAccountId();
  const tree = useStorageTree(accountId);
  const rooms = tree.data;
  const places = useMemo(() => shelfPlaces(rooms ?? []), [rooms]);
  return { places, rooms: rooms ?? [], isPending: tree.isPending, error: tree.error };
}

export interface ShelfPickerProps {
  value: string | null;
  onChange: (shelfId: string | null) => void;
  legend?: string;
  testId?: string;
  disabled?: boolean;
  /** A first field that takes a shelf or unit label's code, typed or scanned (issue #41). */
  codeField?: boolean;
}

/**
 * Room › isle › unit › shelf as four native selects: keyboard, touch and screen readers work
 * without extra code, and a tablet shows its own picker. Choosing a higher level clears the
 * shelf, so the value is always a whole location or none. A value set from outside (a scanned
 * shelf label) shows its room, isle and unit.
 */
export function ShelfPicker({
  value,
  onChange,
  legend = 'Shelf',
  testId = 'shelf-picker',
  disabled = false,
  codeField = false,
}: ShelfPickerProps) {
  const id = useId();
  const { places, rooms, isPending } = useShelfPlaces();
  const chosen = value ? places.get(value) : undefined;
  const [partial, setPartial] = useState<{ room?: string; isle?: string; unit?: string }>({});
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  // A shelf's code chooses it; a unit's chooses the unit, and its shelf when it has only one.
  // Anything else is said when the seller presses Enter, not while they are still typing.
  const readCode = (text: string, entered: boolean) => {
    const found = lookUpLocationCode(rooms, text);
    if (found.ok) {
      const { place } = found;
      setCodeError(null);
      setPartial({ room: place.roomId, isle: place.isleId, unit: place.unitId });
      onChange(place.kind === 'shelf' || place.shelfIds.length === 1 ? place.shelfIds[0]! : null);
    } else if (found.reason !== 'not-a-code') {
      // A wrong scan must not leave the shelf of an earlier one chosen unnoticed.
      onChange(null);
      setCodeError(
        found.reason === 'not-found'
          ? `No shelf or unit of yours has the code ${text.trim().toUpperCase()}.`
          : 'More than one place matches this old label: scan its new S- or U- code.',
      );
    } else {
      setCodeError(
        entered && text.trim() !== ''
          ? 'That is not a shelf or unit code: they look like S-7KQ3M or U-7KQ3M.'
          : null,
      );
    }
  };

  const roomId = chosen?.room.room_id ?? partial.room ?? '';
  const room = rooms.find((r) => r.room_id === roomId);
  const isleId = chosen?.isle.isle_id ?? partial.isle ?? '';
  const isle = room?.isles.find((i) => i.isle_id === isleId);
  const unitId = chosen?.unit.unit_id ?? partial.unit ?? '';
  const unit = isle?.units.find((u) => u.unit_id === unitId);

  const choose = (next: { room?: string; isle?: string; unit?: string }) => {
    setPartial(next);
    onChange(null);
  };

  if (!isPending && rooms.length === 0) {
    return (
      <p className="muted" data-testid={`${testId}-empty`}>
        You have no shelves yet. Add a room, a unit and its shelves on the Inventory screen first.
      </p>
    );
  }

  return (
    <fieldset className="shelf-picker" data-testid={testId} disabled={disabled || isPending}>
      <legend>{legend}</legend>
      {codeField ? (
        <label htmlFor={`${id}-code`} className="shelf-picker__code">
          Shelf or unit code
          <input
            className="input"
            id={`${id}-code`}
            type="text"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="Scan or type a label's code"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${id}-code-error` : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              readCode(event.target.value, false);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // A scanner ends with Enter: it must not press the dialog's buttons.
              event.preventDefault();
              readCode(code, true);
            }}
            data-testid={`${testId}-code`}
          />
        </label>
      ) : null}
      {codeError ? (
        <p
          className="field__error shelf-picker__code"
          id={`${id}-code-error`}
          role="alert"
          data-testid={`${testId}-code-error`}
        >
          {codeError}
        </p>
      ) : null}
      <label htmlFor={`${id}-room`}>
        Room
        <select
          className="select"
          id={`${id}-room`}
          value={roomId}
          onChange={(event) => choose({ room: event.target.value })}
          data-testid={`${testId}-room`}
        >
          <option value="">Choose a room</option>
          {rooms.map((r) => (
            <option key={r.room_id} value={r.room_id}>
              {r.room_name}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-isle`}>
        Isle
        <select
          className="select"
          id={`${id}-isle`}
          value={isle ? isleId : ''}
          disabled={!room}
          onChange={(event) => choose({ room: roomId, isle: event.target.value })}
          data-testid={`${testId}-isle`}
        >
          <option value="">Choose an isle</option>
          {room?.isles.map((i) => (
            <option key={i.isle_id} value={i.isle_id}>
              Isle {i.isle_index}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-unit`}>
        Unit
        <select
          className="select"
          id={`${id}-unit`}
          value={unit ? unitId : ''}
          disabled={!isle}
          onChange={(event) => choose({ room: roomId, isle: isleId, unit: event.target.value })}
          data-testid={`${testId}-unit`}
        >
          <option value="">Choose a unit</option>
          {isle?.units.map((u) => (
            <option key={u.unit_id} value={u.unit_id}>
              Unit {u.unit_name}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-shelf`}>
        Shelf
        <select
          className="select"
          id={`${id}-shelf`}
          value={chosen ? (value ?? '') : ''}
          disabled={!unit}
          onChange={(event) => {
            setPartial({ room: roomId, isle: isleId, unit: unitId });
            onChange(event.target.value === '' ? null : event.target.value);
          }}
          data-testid={`${testId}-shelf`}
        >
          <option value="">Choose a shelf</option>
          {unit?.shelves.map((s) => (
            <option key={s.shelf_id} value={s.shelf_id}>
              Shelf {s.shelf_index}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
