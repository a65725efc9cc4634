import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog';
import type { TreeRoom } from '../../domain/storage-tree';
import type { EbayListing } from '../../data/ebay/listings';
import {
  choiceLabel,
  completeChoice,
  isleOptions,
  roomOptions,
  shelfOptions,
  unitOptions,
  type Option,
  type ShelfChoice,
} from './shelf-options';

function Select({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (id: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "Place on shelf…": the keyboard and touch way to put a listing away (the drag-and-drop drop
 * does the same): choose room › isle › unit › shelf, then Place. Each level offers the children
 * of the one above it.
 */
export function PlaceListingDialog({
  listing,
  rooms,
  initialRoomId = null,
  busy,
  onPlace,
  onClose,
}: {
  /** A listing, or an order line placed from eBay Orders: what goes on the shelf. */
  listing: Pick<EbayListing, 'title' | 'quantity'>;
  rooms: readonly TreeRoom[];
  /** The room the seller is looking at, offered first; else the first room. */
  initialRoomId?: string | null;
  busy: boolean;
  onPlace: (shelfId: string) => void;
  onClose: () => void;
}) {
  const [partial, setPartial] = useState<Partial<ShelfChoice>>(() =>
    initialRoomId ? { roomId: initialRoomId } : {},
  );
  const choice = completeChoice(rooms, partial);

  return (
    <Dialog
      // Boilerplate: a dialog names its own title, close and test id.
      open
      title="Place on shelf"
      onClose={onClose}
      testId="place-listing-dialog"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!choice || busy}
            onClick={() => choice && onPlace(choice.shelfId)}
            data-testid="place-listing-confirm"
          >
            {busy ? 'Placing…' : 'Place'}
          </button>
        </>
      }
    >
      <p className="ebay-place__title">{listing.title}</p>
      {choice ? (
        <>
          <div className="ebay-place__fields">
            <Select
              label="Room"
              value={choice.roomId}
              options={roomOptions(rooms)}
              onChange={(roomId) => setPartial({ roomId })}
              testId="place-room"
            />
            <Select
              label="Isle"
              value={choice.isleId}
              options={isleOptions(rooms, choice.roomId)}
              onChange={(isleId) => setPartial({ roomId: choice.roomId, isleId })}
              testId="place-isle"
            />
            <Select
              label="Unit"
              value={choice.unitId}
              options={unitOptions(rooms, choice.roomId, choice.isleId)}
              onChange={(unitId) => setPartial({ ...choice, unitId, shelfId: undefined })}
              testId="place-unit"
            />
            <Select
              label="Shelf"
              value={choice.shelfId}
              options={shelfOptions(rooms, choice.roomId, choice.isleId, choice.unitId)}
              onChange={(shelfId) => setPartial({ ...choice, shelfId })}
              testId="place-shelf"
            />
          </div>
          <p className="muted" data-testid="place-listing-location">
            {listing.quantity > 1 ? `${listing.quantity} × ` : ''}will go to{' '}
            {choiceLabel(rooms, choice)}
          </p>
        </>
      ) : (
        <p className="muted" data-testid="place-listing-no-shelves">
          Add a room with a unit and a shelf on the inventory screen first.
        </p>
      )}
    </Dialog>
  );
}
