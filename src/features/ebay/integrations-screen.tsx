import { useEffect, useRef, useState } from 'react';
import { notify } from '../../components/toasts';
import { errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import { useEbayConnection, startConnect, useDisconnectEbay } from './connection';
import { useEbayInventory } from './inventory';
import { EbayListingsPanel } from './listings-panel';
import './ebay.css';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

function EbayInventorySection() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const inventory = useEbayInventory(page, open);
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
        data-testid="ebay-inventory-load"
      >
        Show eBay inventory
      </button>
    );
  }
  if (inventory.isPending) return <p className="muted">Loading your eBay inventory…</p>;
  if (inventory.isError) {
    return (
      <p className="muted" role="alert" data-testid="ebay-inventory-error">
        {inventory.error.message}
      </p>
    );
  }
  const { pagination } = inventory.data;
  return (
    <div data-testid="ebay-inventory">
      <p className="muted" data-testid="ebay-inventory-summary">
        {pagination.totalItems} items on eBay · page {pagination.page} of {pagination.totalPages}
      </p>
      <table className="ebay-table">
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Title</th>
            <th scope="col">Qty</th>
          </tr>
        </thead>
        <tbody>
          {inventory.data.inventory.map((entry) => (
            <tr key={entry.sku} data-testid="ebay-inventory-row">
              <td>{entry.sku}</td>
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
          disabled={page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={page >= pagination.totalPages}
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
 * Integrations: connect or disconnect the seller's eBay account, the listings still to put
 * away, and the eBay inventory. Connecting leaves for eBay's consent page and comes back
 * through /dashboard/ebay/callback.
 */
export function IntegrationsScreen() {
  const connection = useEbayConnection();
  const disconnect = useDisconnectEbay();
  const [leaving, setLeaving] = useState(false);
  const connected = connection.data?.connected === true;

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
        {connection.isPending ? (
          <p className="muted">Checking your eBay connection…</p>
        ) : connected ? (
          <>
            <p data-testid="ebay-status" data-connected="true">
              Connected
              {connection.data?.connectedSince
                ? ` since ${when(connection.data.connectedSince)}`
                : ''}
              . Listings and orders are read from your eBay seller account.
            </p>
            <button
              type="button"
              className="button button--secondary"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, {
                  onError: (error) => notify(messages.genericError(errorMessage(error))),
                })
              }
              data-testid="ebay-disconnect"
            >
              {disconnect.isPending ? 'Disconnecting…' : 'Disconnect eBay'}
            </button>
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
              disabled={leaving}
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
