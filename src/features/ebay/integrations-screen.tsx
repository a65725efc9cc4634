import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { NeedsConnection } from '../../components/offline-notice';
import { useAccountId, useCan } from '../account';
import { ColumnHeadings } from '../../components/table';
import { notify } from '../../components/toasts';
import { errorMessage } from '../../lib/errors';
import { messages, texts } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import {
  useAccountEbayConnection,
  useDisconnectEbay,
  useEbayConnection,
  type AccountEbayConnection,
} from '../../data/ebay/connection';
import { useEbayInventory, type InventoryPage } from '../../data/ebay/get-inventory';
import { usePreferences } from '../../data/settings/get-preferences';
import { startConnect } from './connection';
import { EbayListingsPanel } from './listings-panel';
import './ebay.css';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/** Warn this long before eBay's consent ends, so the seller reconnects on their own time. */
const CONSENT_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * For a seller whose eBay Inventory API is empty (they list on the eBay website): what
 * Stockroom did, and what they can do next. eBay's bulkMigrateListing moves only fixed-price
 * listings that have a SKU (custom label) into the Inventory API, so those are counted.
 */
function WebsiteSellerNotice({ data }: { data: InventoryPage }) {
  const total = data.pagination.totalItems;
  const migratable = data.inventory.filter(
    (entry) => entry.listingType === 'FixedPriceItem' && entry.sku !== '',
  ).length;
  const onPage = data.inventory.length;
  return (
    <div className="ebay-notice" role="note" data-testid="ebay-website-seller">
      <p>
        <strong>Your eBay listings were made on eBay&apos;s website</strong> (or with a tool that
        uses eBay&apos;s Trading API), so eBay&apos;s inventory service holds none of them.
        Stockroom read your {total} active {total === 1 ? 'listing' : 'listings'} instead; they are
        below.
      </p>
      <p>What to do next:</p>
      <ul>
        <li>
          Put each listing on a shelf from <strong>eBay listings</strong> on the{' '}
          <a href="/dashboard/inventory">Inventory</a> screen, so orders show where items sit.
        </li>
        <li>
          Nothing needs to move on eBay. If you later manage stock in eBay&apos;s inventory (Seller
          Hub or a listing tool), eBay can migrate fixed-price listings that have a SKU; auctions
          and listings without a SKU stay as they are
          {onPage === total ? ` (${migratable} of your ${total} qualify)` : ''}.
        </li>
      </ul>
    </div>
  );
}

function EbayInventorySection() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const accountId = useAccountId();
  const country = usePreferences(accountId).data?.ebay_country;
  const inventory = useEbayInventory(accountId, page, open, country);
  const offline = useOffline();
  const toasted = useRef(0);
  useEffect(() => {
    const minutes = inventory.data?.rateLimitedMinutes;
    if (minutes && inventory.dataUpdatedAt !== toasted.current) {
      toasted.current = inventory.dataUpdatedAt;
      notify(messages.ebayRateLimit(minutes, 'inventory'), { id: 'ebay-inventory-rate' });
    }
  }, [inventory.data, inventory.dataUpdatedAt]);

  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setOpen(true)}
        disabled={offline}
        data-testid="ebay-inventory-load"
      >
        Show eBay inventory
      </button>
    );
  }
  if (inventory.isPending) {
    const progress = inventory.progress;
    return (
      <p className="muted" role="status" data-testid="ebay-inventory-loading">
        {progress && !progress.done
          ? `Reading your eBay inventory… ${progress.fetched.toLocaleString()}${progress.total ? ` of ${progress.total.toLocaleString()}` : ''} items`
          : 'Loading your eBay inventory…'}
      </p>
    );
  }
  if (inventory.isError) {
    return (
      <p className="muted" role="alert" data-testid="ebay-inventory-error">
        {inventory.error.message}
      </p>
    );
  }
  const { pagination } = inventory.data;
  const fromListings = inventory.data.source === 'listings';
  return (
    <div data-testid="ebay-inventory" data-source={inventory.data.source}>
      {fromListings ? <WebsiteSellerNotice data={inventory.data} /> : null}
      <p className="muted" data-testid="ebay-inventory-summary">
        {pagination.totalItems} {fromListings ? 'active listings' : 'items'} on eBay · page{' '}
        {pagination.page} of {pagination.totalPages}
      </p>
      <table className="ebay-table">
        <ColumnHeadings names={['SKU', 'Title', 'Qty']} />
        <tbody>
          {inventory.data.inventory.map((entry) => (
            <tr key={entry.listingId ?? entry.sku} data-testid="ebay-inventory-row">
              <td>{entry.sku || '—'}</td>
              <td>{entry.title}</td>
              <td>{entry.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="ebay-pager" aria-label="eBay inventory pages">
        <button
          type="button"
          className="button button--ghost"
          disabled={page <= 1 || offline}
          onClick={() => setPage((p) => p - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={page >= pagination.totalPages || offline}
          onClick={() => setPage((p) => p + 1)}
          data-testid="ebay-inventory-next"
        >
          Next
        </button>
      </nav>
    </div>
  );
}

/**
 * A member's view of the account's eBay connection (issue 39): whether the owner connected it
 * and as which eBay user; connecting and disconnecting stay the owner's, so no button here.
 */
function MemberConnectionStatus({
  connection,
  pending,
}: {
  connection: AccountEbayConnection | undefined;
  pending: boolean;
}) {
  if (pending) return <p className="muted">Checking the account&apos;s eBay connection…</p>;
  if (!connection?.connected) {
    return (
      <p data-testid="ebay-status" data-connected="false">
        {texts.ownerNotConnectedEbay}. {texts.ownerOnlyEbay}
      </p>
    );
  }
  return (
    <p data-testid="ebay-status" data-connected="true">
      {texts.connectedByOwner(connection.ebayUser)}
      {connection.connectedAt ? ` since ${when(connection.connectedAt)}` : ''}. Listings and orders
      are read from this eBay seller account.
    </p>
  );
}

/**
 * Integrations: connect or disconnect the seller's eBay account, the listings still to put
 * away, and the eBay inventory. Connecting leaves for eBay's consent page and comes back
 * through /dashboard/ebay/callback.
 */
export function IntegrationsScreen() {
  const accountId = useAccountId();
  // Connecting and disconnecting eBay is the owner's; every member sees the account's state.
  const mayConnect = useCan('ebay-connection');
  const connection = useEbayConnection(accountId, mayConnect);
  const accountConnection = useAccountEbayConnection(accountId);
  const disconnect = useDisconnectEbay(accountId);
  const [leaving, setLeaving] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const offline = useOffline();
  const connected = mayConnect
    ? connection.data?.connected === true
    : accountConnection.data?.connected === true;
  const consentEndsAt = connection.data?.consentEndsAt ?? null;
  // eslint-disable-next-line react-hooks/purity -- days left are read at render, as shown
  const daysLeft = consentEndsAt ? (new Date(consentEndsAt).getTime() - Date.now()) / DAY_MS : null;

  const connect = async () => {
    setLeaving(true);
    try {
      await startConnect();
    } catch {
      setLeaving(false);
      notify(messages.ebayConnect());
    }
  };

  return (
    <div className="ebay-integrations">
      <section
        className="card"
        aria-labelledby="ebay-connection-title"
        data-testid="ebay-connection"
      >
        <h2 id="ebay-connection-title">eBay</h2>
        <NeedsConnection need="ebay" />
        {!mayConnect ? (
          <MemberConnectionStatus
            connection={accountConnection.data}
            pending={accountConnection.isPending}
          />
        ) : connection.isPending ? (
          <p className="muted">Checking your eBay connection…</p>
        ) : connected ? (
          <>
            <p data-testid="ebay-status" data-connected="true">
              Connected
              {accountConnection.data?.ebayUser ? ` as ${accountConnection.data.ebayUser}` : ''}
              {connection.data?.connectedSince
                ? ` since ${when(connection.data.connectedSince)}`
                : ''}
              . Listings and orders are read from your eBay seller account.
            </p>
            {consentEndsAt && daysLeft !== null && daysLeft <= CONSENT_WARNING_DAYS ? (
              <p className="ebay-notice" role="alert" data-testid="ebay-consent-warning">
                eBay&apos;s permission for Stockroom ends on {when(consentEndsAt)}. Disconnect and
                connect eBay again before then to keep your listings and orders syncing.
              </p>
            ) : consentEndsAt ? (
              <p className="muted" data-testid="ebay-consent-ends">
                eBay asks you to renew this connection by {when(consentEndsAt)}; Stockroom will
                remind you a month before.
              </p>
            ) : null}
            <button
              type="button"
              className="button button--secondary"
              disabled={disconnect.isPending || offline}
              onClick={() => setConfirmDisconnect(true)}
              data-testid="ebay-disconnect"
            >
              {disconnect.isPending ? 'Disconnecting…' : 'Disconnect eBay'}
            </button>
            <ConfirmDialog
              open={confirmDisconnect}
              title="Disconnect eBay?"
              message="Stockroom forgets its access to your eBay account and clears your eBay listings and inventory from these screens. Items already on your shelves stay. You can connect again at any time."
              confirmLabel="Disconnect eBay"
              busy={disconnect.isPending || offline}
              testId="ebay-disconnect-dialog"
              onCancel={() => setConfirmDisconnect(false)}
              onConfirm={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => setConfirmDisconnect(false),
                  onError: (error) => notify(messages.genericError(errorMessage(error))),
                })
              }
            />
          </>
        ) : (
          <>
            <p data-testid="ebay-status" data-connected="false">
              Not connected. Connect your eBay seller account to put new listings on your shelves
              and see where ordered items are stored. You sign in on eBay; Stockroom never sees your
              eBay password.
            </p>
            <button
              type="button"
              className="button button--primary"
              disabled={leaving || offline}
              onClick={() => void connect()}
              data-testid="ebay-connect"
            >
              {leaving ? 'Opening eBay…' : 'Connect eBay'}
            </button>
          </>
        )}
      </section>
      <EbayListingsPanel />
      {connected ? (
        <section className="card" aria-labelledby="ebay-inventory-title">
          <h2 id="ebay-inventory-title">eBay inventory</h2>
          <EbayInventorySection />
        </section>
      ) : null}
    </div>
  );
}
