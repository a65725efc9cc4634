import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useAccountId, useAccountPlanId } from '../account';
import { Dialog } from '../../components/dialog';
import { NeedsConnection } from '../../components/offline-notice';
import { notify } from '../../components/toasts';
import { ebayKeys } from '../../data/ebay/keys';
import type { EbayListing } from '../../data/ebay/listings';
import {
  setListsEverything,
  useListsEverything,
  useShelfCheck,
  useUnpickedLines,
  UNPICKED_DAYS,
  type ShelfCheckRow,
} from '../../data/ebay/shelf-check';
import { useLinkSku, usePickOrderLine } from '../../data/picking/pick-order-line';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { linkKey } from '../../domain/pick-list';
import { minimumPlanFor, planAllows } from '../../domain/plans';
import { errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import { usePlaceListing } from './listings';
import { PlaceListingDialog } from './place-listing-dialog';
import './ebay.css';

const asListing = (row: ShelfCheckRow): EbayListing => ({
  listing_id: row.listing_id ?? '',
  title: row.title,
  quantity: row.quantity,
  image_url: null,
  sku: row.sku,
  created_at: '',
});

/**
 * eBay against the shelves (issue #41): active listings whose SKU is on no shelf (place them),
 * and for sellers who list everything, shelved items no listing matches (link them).
 */
export function EbayCheckScreen() {
  const accountId = useAccountId();
  const planId = useAccountPlanId();
  const allowed = planAllows(planId, 'listings');
  const check = useShelfCheck(accountId, allowed);
  const tree = useStorageTree(accountId);
  const listsEverything = useListsEverything();
  const queryClient = useQueryClient();
  const place = usePlaceListing(accountId, planId);
  const [placing, setPlacing] = useState<ShelfCheckRow | null>(null);
  const [linking, setLinking] = useState<ShelfCheckRow | null>(null);
  const toggleId = useId();
  const daysId = useId();
  const [days, setDays] = useState(UNPICKED_DAYS);
  const ordersAllowed = planAllows(planId, 'orders');
  const unpicked = useUnpickedLines(accountId, days, ordersAllowed);
  const pick = usePickOrderLine(accountId, {
    onError: (error) => notify(messages.linePick(errorMessage(error))),
  });

  const reread = () =>
    void queryClient.invalidateQueries({ queryKey: ebayKeys.shelfCheck(accountId) });

  if (!allowed)
    return (
      <p className="card muted" data-testid="ebay-check-upgrade">
        eBay listings come with the {minimumPlanFor('listings').name} plan.{' '}
        <Link to="/dashboard/settings?tab=subscription">See plans</Link>
      </p>
    );
  if (check.isError)
    return (
      <div className="card" role="alert">
        <NeedsConnection need="ebay" />
        <p>{check.error.message}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void check.refetch()}
        >
          Try again
        </button>
      </div>
    );
  if (!check.data)
    return (
      <>
        <NeedsConnection need="ebay" />
        <p className="muted">Checking your listings against the shelves…</p>
      </>
    );

  const listings = check.data.filter((row) => row.kind === 'listing');
  const items = check.data.filter((row) => row.kind === 'item');
  const linkable = listings.filter((row) => linkKey(row) !== null);

  return (
    <div className="ebay-check">
      <NeedsConnection need="ebay" />
      <section className="card ebay-check__section" aria-labelledby="ebay-check-listings">
        <h2 id="ebay-check-listings">Listings on no shelf ({listings.length})</h2>
        <p className="muted">
          Active listings whose SKU no shelved item has: put them on a shelf so orders find them.
        </p>
        {listings.length === 0 ? (
          <p className="muted" data-testid="ebay-check-listings-empty">
            Every active listing is on a shelf.
          </p>
        ) : (
          <ul className="ebay-check__rows">
            {listings.map((row) => (
              <li key={row.listing_id} className="ebay-check__row" data-testid="ebay-check-listing">
                <span className="ebay-check__title">{row.title}</span>
                <span className="muted">{row.sku ? `SKU ${row.sku}` : 'No SKU'}</span>
                <span className="muted">{row.quantity} left</span>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Place ${row.title} on a shelf`}
                  onClick={() => setPlacing(row)}
                >
                  Place on shelf
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card ebay-check__section" aria-labelledby="ebay-check-items">
        <h2 id="ebay-check-items">Shelved items with no listing</h2>
        <label className="ebay-check__toggle" htmlFor={toggleId}>
          <input
            id={toggleId}
            type="checkbox"
            checked={listsEverything}
            onChange={(event) => setListsEverything(event.target.checked)}
            data-testid="ebay-check-list-everything"
          />
          <span>I list everything I stock: show shelved items no active listing matches</span>
        </label>
        {!listsEverything ? null : items.length === 0 ? (
          <p className="muted" data-testid="ebay-check-items-empty">
            Every shelved item has a listing.
          </p>
        ) : (
          <ul className="ebay-check__rows">
            {items.map((row) => (
              <li key={row.item_id} className="ebay-check__row" data-testid="ebay-check-item">
                <span className="ebay-check__title">{row.title}</span>
                <span className="muted">{row.sku ? `SKU ${row.sku}` : 'No SKU'}</span>
                <span className="muted">{row.location}</span>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Link ${row.title} to a listing`}
                  disabled={linkable.length === 0}
                  onClick={() => setLinking(row)}
                >
                  Link
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card ebay-check__section" aria-labelledby="ebay-check-orders">
        <h2 id="ebay-check-orders">Order lines not picked</h2>
        {!ordersAllowed ? (
          <p className="muted">
            Picking eBay orders comes with the {minimumPlanFor('orders').name} plan.
          </p>
        ) : (
          <>
            <label className="count-list__days ebay-check__days" htmlFor={daysId}>
              <span>Sold more than</span>
              <select
                id={daysId}
                className="input"
                value={days}
                onChange={(event) => setDays(Number(event.target.value))}
                data-testid="ebay-check-days"
              >
                {[1, 2, 3, 5, 7, 14].map((n) => (
                  <option key={n} value={n}>
                    {n === 1 ? '1 day' : `${n} days`} ago
                  </option>
                ))}
              </select>
            </label>
            {!unpicked.data ? (
              <p className="muted">Loading the orders…</p>
            ) : unpicked.data.length === 0 ? (
              <p className="muted" data-testid="ebay-check-lines-empty">
                Every order line sold more than {days === 1 ? '1 day' : `${days} days`} ago is
                picked.
              </p>
            ) : (
              <ul className="ebay-check__rows">
                {unpicked.data.map((line) => (
                  <li
                    key={`${line.order_id}/${line.line_item_id}`}
                    className="ebay-check__row"
                    data-testid="ebay-check-line"
                  >
                    <span className="ebay-check__title">
                      {line.quantity} × {line.title}
                    </span>
                    <span className="muted">Order {line.order_id}</span>
                    <span className="muted">{line.location ?? 'On no shelf'}</span>
                    {line.item_id ? (
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-label={`Pick ${line.title} for order ${line.order_id}`}
                        disabled={pick.isPending}
                        onClick={() =>
                          pick.mutate(
                            {
                              orderId: line.order_id,
                              lineItemId: line.line_item_id,
                              itemId: line.item_id ?? '',
                              quantity: line.quantity,
                            },
                            {
                              onSuccess: () => {
                                notify(
                                  messages.linePicked(
                                    line.quantity,
                                    line.item_name ?? line.title,
                                    line.order_id,
                                  ),
                                );
                                reread();
                              },
                            },
                          )
                        }
                      >
                        Pick
                      </button>
                    ) : (
                      <Link className="button button--secondary" to="/dashboard/ebay-orders">
                        Link or place
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>

      {placing ? (
        <PlaceListingDialog
          listing={placing}
          rooms={tree.data ?? []}
          busy={place.isPending}
          onClose={() => setPlacing(null)}
          onPlace={(shelfId) =>
            place.mutate(
              { listing: asListing(placing), shelfId },
              {
                onSuccess: () => {
                  setPlacing(null);
                  reread();
                },
              },
            )
          }
        />
      ) : null}
      {linking ? (
        <LinkListingDialog
          item={linking}
          listings={linkable}
          onClose={() => setLinking(null)}
          onLinked={() => {
            setLinking(null);
            reread();
          }}
        />
      ) : null}
    </div>
  );
}

/** Link a shelved item to one of the listings on no shelf: later orders for it find the item. */
function LinkListingDialog({
  item,
  listings,
  onClose,
  onLinked,
}: {
  item: ShelfCheckRow;
  listings: readonly ShelfCheckRow[];
  onClose: () => void;
  onLinked: () => void;
}) {
  const accountId = useAccountId();
  const [chosen, setChosen] = useState(listings[0]?.listing_id ?? '');
  const selectId = useId();
  const link = useLinkSku(accountId, {
    onSuccess: (made) => {
      notify(messages.skuLinked(made.sku, item.title));
      onLinked();
    },
    onError: (error) => notify(messages.skuLink(errorMessage(error))),
  });
  const listing = listings.find((row) => row.listing_id === chosen);
  const key = listing ? linkKey(listing) : null;
  return (
    <Dialog
      open
      title="Link to a listing"
      onClose={onClose}
      testId="ebay-check-link-dialog"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!key || !item.item_id || link.isPending}
            onClick={() => key && item.item_id && link.mutate({ sku: key, itemId: item.item_id })}
            data-testid="ebay-check-link-confirm"
          >
            {link.isPending ? 'Linking…' : 'Link'}
          </button>
        </>
      }
    >
      <p className="ebay-place__title">{item.title}</p>
      <div className="field">
        <label htmlFor={selectId}>Listing</label>
        <select
          id={selectId}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          data-testid="ebay-check-link-listing"
        >
          {listings.map((row) => (
            <option key={row.listing_id} value={row.listing_id ?? ''}>
              {row.title}
              {row.sku ? ` (SKU ${row.sku})` : ''}
            </option>
          ))}
        </select>
      </div>
      <p className="muted">Orders for this listing will find {item.title} on its shelf.</p>
    </Dialog>
  );
}
