import { useDraggable } from '@dnd-kit/core';
import type { EbayListing } from '../ebay';
import { LISTING_DRAG_PREFIX, type DragData } from './move-context';

/** An eBay listing's grip: dropped on a shelf it becomes an item there (place_listing). */
export function ListingDragHandle({ listing }: { listing: EbayListing }) {
  const data: DragData = { kind: 'listing', listing };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `${LISTING_DRAG_PREFIX}${listing.listing_id}`,
    data,
  });
  // Boilerplate: a drag handle for a listing; the item handle adds selection around the same button.
  return (
    <button
      ref={setNodeRef}
      type="button"
      className="move-handle__grip"
      {...attributes}
      {...listeners}
      aria-label={`Drag ${listing.title} onto a shelf`}
      data-testid={`listing-${listing.listing_id}`}
      data-dragging={isDragging ? 'true' : undefined}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/** For EbayListingsPanel's renderHandle. */
export function renderListingHandle(listing: EbayListing) {
  return <ListingDragHandle listing={listing} />;
}
