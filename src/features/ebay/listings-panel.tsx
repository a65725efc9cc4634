import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useAccountId, useAccountPlanId, useCan } from '../account';
import { Link } from 'react-router-dom';
import { NeedsConnection } from '../../components/offline-notice';
import { notify } from '../../components/toasts';
import { minimumPlanFor, planAllows } from '../../domain/plans';
import { messages, texts } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { useCollapsed } from '../../data/storage/collapsed';
import { collapseIds } from '../../domain/collapse-state';
import './ebay.css';
import { useAccountEbayConnection } from '../../data/ebay/connection';
import { EbayFunctionError } from '../../data/ebay/ebay-functions';
import { useListings, type EbayListing } from '../../data/ebay/listings';
import { usePreferences } from '../../data/settings/get-preferences';
import { useHideListing, usePlaceListing } from './listings';
import { PlaceListingDialog } from './place-listing-dialog';

/** What of the shelves must still show on the first screen under an open listings panel. */
const FIRST_SCREEN_SHELVES_PX = 240;

/**
 * The listing's picture, or a neutral tile when it has none or it cannot be loaded (eBay's
 * picture links expire, and a broken-image icon says nothing useful).
 */
function ListingPicture({ url }: { url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url)
    return (
      <span
        className="ebay-listing__image ebay-listing__image--none"
        aria-hidden="true"
        data-testid="ebay-listing-no-image"
      />
    );
  return (
    <img
      className="ebay-listing__image"
      src={url}
      alt=""
      loading="lazy"
      width={40}
      height={40}
      onError={() => setFailed(url)}
      data-testid="ebay-listing-image"
    />
  );
}

function ListingRow({
  listing,
  onPlace,
  onHide,
  hiding,
  handle,
  offline,
}: {
  listing: EbayListing;
  onPlace: () => void;
  onHide: () => void;
  hiding: boolean;
  handle: ReactNode;
  offline: boolean;
}) {
  return (
    <li className="ebay-listing" data-testid="ebay-listing" data-listing-id={listing.listing_id}>
      {handle}
      <ListingPicture url={listing.image_url} />
      <div className="ebay-listing__text">
        <span className="ebay-listing__title">{listing.title}</span>
        <span className="muted">
          Qty {listing.quantity}
          {listing.sku ? ` · SKU ${listing.sku}` : ''}
        </span>
      </div>
      <div className="ebay-listing__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onPlace}
          disabled={offline}
          aria-label={`Place ${listing.title} on a shelf`}
          data-testid="ebay-listing-place"
        >
          Place on shelf…
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={onHide}
          disabled={hiding || offline}
          aria-label={`Remove ${listing.title} from this list`}
          data-testid="ebay-listing-hide"
        >
          Hide
        </button>
      </div>
    </li>
  );
}

/**
 * The eBay listings still to be put away (Growing Seller and up), for the inventory screen:
 * polled every 5 minutes, stored listings shown while eBay may not be asked again. Each one can
 * be placed on a shelf with "Place on shelf…" (and, once the drag-and-drop layer exists, by
 * dragging it onto a shelf: the same place_listing call).
 */
export function EbayListingsPanel({
  renderHandle,
  activeRoomId = null,
  collapsible: mayCollapse = false,
}: {
  /** The drag handle of a listing (src/features/move on the inventory screen); none elsewhere. */
  renderHandle?: (listing: EbayListing) => ReactNode;
  /** The room shown on the inventory screen: "Place on shelf…" starts there. */
  activeRoomId?: string | null;
  /** Above the shelves (the inventory) it collapses; on Integrations it is the page, always open. */
  collapsible?: boolean;
} = {}) {
  const accountId = useAccountId();
  const planId = useAccountPlanId();
  const allowed = planAllows(planId, 'listings');
  // Every member learns the account's connection (never its tokens); only the owner connects.
  const connection = useAccountEbayConnection(accountId);
  const connected = connection.data?.connected === true;
  const mayConnect = useCan('ebay-connection');
  const country = usePreferences(accountId).data?.ebay_country;
  const listings = useListings(accountId, allowed && connected, country);
  const tree = useStorageTree(accountId);
  const place = usePlaceListing(accountId, planId);
  const hide = useHideListing(accountId);
  const [placing, setPlacing] = useState<EbayListing | null>(null);
  const offline = useOffline();
  // Collapsible, remembered on the device (issue #39). With no choice yet, a list that would push
  // the shelves below the first screen starts collapsed: measured once, before it is painted.
  const [collapsedChoice, setCollapsed] = useCollapsed(accountId, collapseIds.listings);
  const collapsible = mayCollapse && allowed && connected;
  const collapsed = collapsible && collapsedChoice === true;
  const panel = useRef<HTMLElement>(null);
  const hasList = collapsible && (listings.data?.listings.length ?? 0) > 0;
  useLayoutEffect(() => {
    if (!hasList || collapsedChoice !== undefined || !panel.current) return;
    if (panel.current.getBoundingClientRect().bottom > window.innerHeight - FIRST_SCREEN_SHELVES_PX)
      setCollapsed(true);
  }, [hasList, collapsedChoice, setCollapsed]);

  const refresh = async () => {
    const result = await listings.refetch();
    if (result.data?.rateLimitedMessage) {
      notify(messages.genericError(result.data.rateLimitedMessage), { id: 'ebay-listings-rate' });
    } else if (result.data?.rateLimitedMinutes) {
      notify(messages.ebayRateLimit(result.data.rateLimitedMinutes, 'listings'), {
        id: 'ebay-listings-rate',
      });
    } else if (result.data?.syncError) {
      notify(messages.genericError(result.data.syncError));
    }
  };

  let body;
  if (!allowed) {
    body = (
      <p className="muted" data-testid="ebay-listings-upgrade">
        eBay listings come with the {minimumPlanFor('listings').name} plan and above.{' '}
        <Link to="/dashboard/settings?tab=subscription">See plans</Link>
      </p>
    );
  } else if (connection.isPending) {
    // Offline the check never ends: say why rather than "Checking…" for as long as it lasts.
    body = offline ? (
      <p className="muted" data-testid="ebay-listings-offline">
        eBay can&apos;t be reached while you&apos;re offline.
      </p>
    ) : (
      <p className="muted">Checking your eBay connection…</p>
    );
  } else if (!connected) {
    body = mayConnect ? (
      <p className="muted" data-testid="ebay-listings-connect">
        <Link to="/dashboard/integrations">Connect your eBay account</Link> to put new listings on
        your shelves.
      </p>
    ) : (
      <p className="muted" data-testid="ebay-listings-not-connected">
        {texts.ownerNotConnectedEbay}
      </p>
    );
  } else if (listings.isPending) {
    body = (
      <p className="muted" role="status" data-testid="ebay-listings-loading">
        Loading your eBay listings…
        {listings.progress && !listings.progress.done && listings.progress.total
          ? ` ${listings.progress.fetched.toLocaleString()} of ${listings.progress.total.toLocaleString()} read`
          : ''}
      </p>
    );
  } else if (listings.isError) {
    const error = listings.error;
    body = (
      <p className="muted" role="alert" data-testid="ebay-listings-error">
        {error instanceof EbayFunctionError && error.code === 'ebay_auth' ? (
          <>
            eBay asks you to sign in again. <Link to="/dashboard/integrations">Reconnect eBay</Link>
          </>
        ) : (
          error.message
        )}
      </p>
    );
  } else if (listings.data.listings.length === 0) {
    body = (
      <p className="muted" data-testid="ebay-listings-empty">
        Every listing is on a shelf.
      </p>
    );
  } else {
    body = (
      <ul className="ebay-listings__list" data-testid="ebay-listings-list">
        {listings.data.listings.map((listing) => (
          <ListingRow
            key={listing.listing_id}
            listing={listing}
            onPlace={() => setPlacing(listing)}
            onHide={() => hide.mutate(listing)}
            hiding={hide.isPending && hide.variables?.listing_id === listing.listing_id}
            handle={renderHandle?.(listing)}
            offline={offline}
          />
        ))}
      </ul>
    );
  }

  return (
    <section
      ref={panel}
      // With nothing to list (not connected, or not in the plan) it is one line, not a panel.
      className={`card ebay-listings${allowed && connected ? '' : ' ebay-listings--note'}${collapsed ? ' ebay-listings--collapsed' : ''}`}
      data-testid="ebay-listings-panel"
      aria-labelledby="ebay-listings-title"
    >
      <header className="ebay-listings__header">
        <h2 id="ebay-listings-title">
          {collapsible ? (
            <button
              type="button"
              className="ebay-listings__toggle"
              aria-expanded={!collapsed}
              aria-controls="ebay-listings-body"
              onClick={() => setCollapsed(!collapsed)}
              data-testid="ebay-listings-toggle"
            >
              <span className="ebay-listings__chevron" aria-hidden="true" />
              eBay listings
              {listings.data ? (
                <span className="ebay-listings__count"> ({listings.data.listings.length})</span>
              ) : null}
            </button>
          ) : (
            'eBay listings'
          )}
        </h2>
        {allowed && connected ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void refresh()}
            disabled={listings.isFetching || offline}
            data-testid="ebay-listings-refresh"
          >
            {listings.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        ) : null}
      </header>
      <div id="ebay-listings-body" className="ebay-listings__body" hidden={collapsed}>
        {allowed && connected ? <NeedsConnection need="ebay" /> : null}
        {listings.isFetching &&
        !listings.isPending &&
        listings.progress &&
        !listings.progress.done ? (
          <p
            className="muted ebay-listings__note"
            role="status"
            data-testid="ebay-listings-progress"
          >
            Reading your eBay listings… {listings.progress.fetched.toLocaleString()}
            {listings.progress.total ? ` of ${listings.progress.total.toLocaleString()}` : ''}
          </p>
        ) : null}
        {listings.data?.incomplete ? (
          <p className="muted ebay-listings__note" data-testid="ebay-listings-incomplete">
            eBay sent an incomplete list this time, so no listing was taken off; the next refresh
            will catch up.
          </p>
        ) : null}
        {listings.data?.rateLimitedMessage ? (
          <p className="muted ebay-listings__note" data-testid="ebay-listings-cached">
            {listings.data.rateLimitedMessage}
          </p>
        ) : listings.data?.rateLimitedMinutes ? (
          <p className="muted ebay-listings__note" data-testid="ebay-listings-cached">
            Showing saved listings; eBay can be asked again in {listings.data.rateLimitedMinutes}{' '}
            {listings.data.rateLimitedMinutes === 1 ? 'minute' : 'minutes'}.
          </p>
        ) : null}
        {body}
      </div>
      {placing ? (
        <PlaceListingDialog
          listing={placing}
          rooms={tree.data ?? []}
          initialRoomId={activeRoomId}
          busy={place.isPending}
          onClose={() => setPlacing(null)}
          onPlace={(shelfId) =>
            place.mutate({ listing: placing, shelfId }, { onSuccess: () => setPlacing(null) })
          }
        />
      ) : null}
    </section>
  );
}
