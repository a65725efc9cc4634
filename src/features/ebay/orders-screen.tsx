import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ColumnHeadings } from '../../components/table';
import { notify } from '../../components/toasts';
import { pickList, type PickLine } from '../../domain/pick-list';
import { minimumPlanFor, planAllows } from '../../domain/plans';
import { RATE_LIMIT_MINUTES } from '../../domain/rate-limit';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { useItems } from '../items';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { currentPlanId, useSubscription } from '../subscription';
import './ebay.css';
import { useEbayConnection } from './connection';
import { EbayFunctionError } from '../../data/ebay/ebay-functions';
import { useOrders, type EbayOrder, type EbayOrderLine, type OrdersResult } from './orders';

interface OrderLineRef extends EbayOrderLine {
  orderId: string;
  /** Sellers often use the item's barcode as its SKU: the line is matched on both. */
  barcode: string | null;
}

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

const STATUS_LABELS: Record<string, string> = {
  NOT_STARTED: 'To ship',
  IN_PROGRESS: 'Partly shipped',
  FULFILLED: 'Shipped',
};

function useOrderToasts(result: OrdersResult | undefined, updatedAt: number) {
  const shown = useRef(0);
  useEffect(() => {
    if (!result || updatedAt === shown.current) return;
    shown.current = updatedAt;
    if (result.rateLimitedMinutes)
      notify(messages.ebayRateLimit(result.rateLimitedMinutes, 'orders'));
    else if (result.failed) notify(messages.ordersFetch());
    else notify(messages.ordersLoaded(result.orders.length));
  }, [result, updatedAt]);
}

function PickListSection({
  lines,
  waiting,
}: {
  lines: PickLine<OrderLineRef>[];
  /** No orders on this device yet because eBay may not be asked again for now. */
  waiting: boolean;
}) {
  return (
    <section
      className="card ebay-pick-list"
      aria-labelledby="pick-list-title"
      data-testid="pick-list"
    >
      <header className="ebay-orders__header">
        <h2 id="pick-list-title">Pick list</h2>
        <button
          type="button"
          className="button button--primary no-print"
          onClick={() => window.print()}
          data-testid="pick-list-print"
        >
          Print pick list
        </button>
      </header>
      <p className="muted">Orders still to ship, in the order you walk the stockroom.</p>
      {waiting ? (
        <p className="muted">The pick list appears once your orders are loaded.</p>
      ) : lines.length === 0 ? (
        <p className="muted">Nothing to pick.</p>
      ) : (
        <table className="ebay-table">
          <ColumnHeadings names={['Location', 'Item', 'Qty', 'Order']} />
          <tbody>
            {lines.map((entry) => (
              <tr
                key={`${entry.line.orderId}-${entry.line.lineItemId}`}
                data-testid="pick-list-line"
              >
                <td data-testid="pick-list-location">{entry.label ?? 'Not on a shelf'}</td>
                <td>
                  {entry.line.title}
                  {entry.line.sku ? <span className="muted"> · {entry.line.sku}</span> : null}
                </td>
                <td>{entry.line.quantity}</td>
                <td>{entry.line.orderId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function OrderCard({
  order,
  located,
}: {
  order: EbayOrder;
  located: Map<string, PickLine<OrderLineRef>>;
}) {
  return (
    <li className="card ebay-order" data-testid="ebay-order" data-order-id={order.orderId}>
      <header className="ebay-order__header">
        <h3>Order {order.orderId}</h3>
        <span className="muted">
          {when(order.creationDate)}
          {order.buyer ? ` · ${order.buyer}` : ''} · {STATUS_LABELS[order.status] ?? order.status}
          {order.total ? ` · ${order.total.value} ${order.total.currency}` : ''}
        </span>
      </header>
      <table className="ebay-table">
        <ColumnHeadings names={['Item', 'SKU', 'Qty', 'Location']} />
        <tbody>
          {order.lineItems.map((line) => {
            const entry = located.get(`${order.orderId}/${line.lineItemId}`);
            return (
              <tr key={line.lineItemId} data-testid="ebay-order-line">
                <td>{line.title}</td>
                <td>{line.sku ?? '—'}</td>
                <td>{line.quantity}</td>
                <td data-testid="ebay-order-line-location">
                  {entry?.label ?? <span className="muted">Not on a shelf</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </li>
  );
}

/**
 * The eBay orders screen (Elite Seller): the seller's orders with where each ordered item sits
 * (room › isle › unit › shelf, matched by SKU or barcode) and a printable pick list of what is
 * still to ship, sorted in walking order. Cached orders from this browser are shown when eBay
 * cannot be asked ('Failed to fetch orders') or may not be asked yet (rate limit).
 */
export function EbayOrdersScreen() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const planId = currentPlanId(useSubscription(userId).data);
  const allowed = planAllows(planId, 'orders');
  const connection = useEbayConnection();
  const connected = connection.data?.connected === true;
  const orders = useOrders(allowed && connected);
  const items = useItems(userId);
  const tree = useStorageTree(userId);
  useOrderToasts(orders.data, orders.dataUpdatedAt);
  // A rate-limited answer says when eBay may be asked again: ask then, without a click.
  const retryAfter = orders.data?.retryAfterSeconds ?? null;
  const { refetch } = orders;
  useEffect(() => {
    if (!retryAfter) return;
    const timer = window.setTimeout(() => void refetch(), retryAfter * 1000 + 1000);
    return () => window.clearTimeout(timer);
  }, [retryAfter, orders.dataUpdatedAt, refetch]);

  const located = useMemo(() => {
    const lines: OrderLineRef[] = (orders.data?.orders ?? []).flatMap((order) =>
      order.lineItems.map((line) => ({ ...line, orderId: order.orderId, barcode: line.sku })),
    );
    return pickList(lines, items.data ?? [], tree.data ?? []);
  }, [orders.data, items.data, tree.data]);

  const byLine = useMemo(
    () =>
      new Map(located.map((entry) => [`${entry.line.orderId}/${entry.line.lineItemId}`, entry])),
    [located],
  );
  const toPick = useMemo(() => {
    const open = new Set(
      (orders.data?.orders ?? []).filter((o) => o.status !== 'FULFILLED').map((o) => o.orderId),
    );
    return located.filter((entry) => open.has(entry.line.orderId));
  }, [located, orders.data]);

  if (!allowed) {
    return (
      <p className="card muted" data-testid="ebay-orders-upgrade">
        eBay orders come with the {minimumPlanFor('orders').name} plan.{' '}
        <Link to="/dashboard/settings?tab=subscription">See plans</Link>
      </p>
    );
  }
  if (connection.isPending) return <p className="muted">Checking your eBay connection…</p>;
  if (!connected) {
    return (
      <p className="card muted" data-testid="ebay-orders-connect">
        <Link to="/dashboard/integrations">Connect your eBay account</Link> to see your orders here.
      </p>
    );
  }
  if (orders.isPending) return <p className="muted">Loading your eBay orders…</p>;
  if (orders.isError) {
    const error = orders.error;
    return (
      <div className="card" role="alert" data-testid="ebay-orders-error">
        <p>
          {error instanceof EbayFunctionError && error.code === 'ebay_auth'
            ? 'eBay asks you to sign in again.'
            : 'Failed to fetch orders'}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void orders.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }

  const result = orders.data;
  // Rate-limited with nothing saved on this device (orders were fetched on another one):
  // "no orders" would be untrue, so say why the list is empty and when it fills.
  const waiting =
    result.source === 'cached' && result.rateLimitedMinutes !== null && result.savedAt === null;
  return (
    <div className="ebay-orders">
      <div className="ebay-orders__toolbar no-print">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void orders.refetch()}
          disabled={orders.isFetching}
          data-testid="ebay-orders-refresh"
        >
          {orders.isFetching ? 'Refreshing…' : 'Refresh orders'}
        </button>
        {result.source === 'cached' ? (
          <span className="muted" data-testid="ebay-orders-cached">
            Showing orders saved on this device{result.savedAt ? ` on ${when(result.savedAt)}` : ''}
            .
          </span>
        ) : null}
      </div>
      <PickListSection lines={toPick} waiting={waiting} />
      <section className="no-print" aria-labelledby="orders-list-title">
        <h2 id="orders-list-title">Orders ({result.orders.length})</h2>
        {result.more && result.total ? (
          <p className="muted" data-testid="ebay-orders-more">
            Showing the latest {result.orders.length.toLocaleString()} of{' '}
            {result.total.toLocaleString()} orders from the last 90 days; the older ones are in eBay
            Seller Hub.
          </p>
        ) : null}
        {waiting ? (
          <p className="ebay-notice" role="status" data-testid="ebay-orders-rate-limited">
            Your eBay orders were fetched less than {RATE_LIMIT_MINUTES.orders} minutes ago (on
            another device or tab), so none are saved on this device yet. eBay can be asked again in{' '}
            {result.rateLimitedMinutes} {result.rateLimitedMinutes === 1 ? 'minute' : 'minutes'};
            this page refreshes by itself then.
          </p>
        ) : result.orders.length === 0 ? (
          <p className="muted">No orders in the last 90 days.</p>
        ) : (
          <ul className="ebay-orders__list">
            {result.orders.map((order) => (
              <OrderCard key={order.orderId} order={order} located={byLine} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
