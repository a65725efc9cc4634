import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAccountPlanId, useCan, useAccountId } from '../account';
import { Link } from 'react-router-dom';
import { NeedsConnection } from '../../components/offline-notice';
import { ColumnHeadings } from '../../components/table';
import { notify } from '../../components/toasts';
import { showError } from '../../components/show-error';
import { linkKey, pickList, type PickLine } from '../../domain/pick-list';
import { minimumPlanFor, planAllows } from '../../domain/plans';
import { messages, texts } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { useItems } from '../../data/items/get-items';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import './ebay.css';
import { useAccountEbayConnection } from '../../data/ebay/connection';
import { EbayFunctionError } from '../../data/ebay/ebay-functions';
import {
  ordersStale,
  useOrders,
  useRefreshOrders,
  type EbayOrder,
  type EbayOrderLine,
  type OrdersRefresh,
} from '../../data/ebay/get-orders';
import { usePreferences } from '../../data/settings/get-preferences';
import {
  pickKey,
  useOrderPicks,
  useSkuLinks,
  type OrderPick,
} from '../../data/picking/order-picks';
import {
  useLinkSku,
  usePickOrderLine,
  useUnpickOrderLine,
} from '../../data/picking/pick-order-line';
import { useAddItemMutation } from '../../data/items/add-item';
import { errorMessage } from '../../lib/errors';
import { LinkItemDialog, PickControls, type PickHandlers, type PickableLine } from './picking';
import { PlaceListingDialog } from './place-listing-dialog';
import type { AccountId } from '../../domain/ids';
import { ItemThumb } from '../photos';

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

/** What a refresh the seller asked for came to: fetched from eBay, or not yet (the rate limit). */
function refreshToast(answer: OrdersRefresh, count: number) {
  if (answer.fetched) notify(messages.ordersLoaded(count));
  else
    notify(
      messages.ebayRateLimit(
        Math.max(1, Math.ceil((answer.retryAfterSeconds ?? 60) / 60)),
        'orders',
      ),
    );
}

const pickable = (entry: PickLine<OrderLineRef>): PickableLine => ({
  orderId: entry.line.orderId,
  lineItemId: entry.line.lineItemId,
  title: entry.line.title,
  sku: entry.line.sku,
  quantity: entry.line.quantity,
  itemId: entry.item_id,
});

function PickListSection({
  lines,
  waiting,
  picks,
  handlers,
}: {
  lines: PickLine<OrderLineRef>[];
  /** The account's orders were never fetched yet: the first fetch is under way. */
  waiting: boolean;
  picks: Map<string, OrderPick>;
  handlers: PickHandlers;
}) {
  const done = lines.filter((e) => picks.has(pickKey(e.line.orderId, e.line.lineItemId))).length;
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
      <p className="muted">
        Orders still to ship, in the order you walk the stockroom.
        {lines.length > 0 ? (
          <span data-testid="pick-list-progress">
            {' '}
            {done} of {lines.length} picked.
          </span>
        ) : null}
      </p>
      {waiting ? (
        <p className="muted">The pick list appears once your orders are loaded.</p>
      ) : lines.length === 0 ? (
        <p className="muted">Nothing to pick.</p>
      ) : (
        <table className="ebay-table">
          <ColumnHeadings names={['Location', 'Item', 'Qty', 'Order', 'Picked']} />
          <tbody>
            {lines.map((entry) => {
              const pick = picks.get(pickKey(entry.line.orderId, entry.line.lineItemId));
              return (
                <tr
                  key={`${entry.line.orderId}-${entry.line.lineItemId}`}
                  data-testid="pick-list-line"
                  data-picked={pick ? 'true' : 'false'}
                  className={pick ? 'ebay-line--picked' : undefined}
                >
                  <td data-testid="pick-list-location">{entry.label ?? 'Not on a shelf'}</td>
                  <td>
                    <span className="ebay-line__item">
                      {entry.item_id ? <ItemThumb itemId={entry.item_id} /> : null}
                      <span>
                        {entry.line.title}
                        {entry.line.sku ? <span className="muted"> · {entry.line.sku}</span> : null}
                      </span>
                    </span>
                  </td>
                  <td>{entry.line.quantity}</td>
                  <td>{entry.line.orderId}</td>
                  <td className="ebay-pick__cell">
                    <PickControls
                      line={pickable(entry)}
                      pick={pick}
                      handlers={handlers}
                      where="list"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function OrderCard({
  order,
  located,
  picks,
  handlers,
}: {
  order: EbayOrder;
  located: Map<string, PickLine<OrderLineRef>>;
  picks: Map<string, OrderPick>;
  handlers: PickHandlers;
}) {
  const open = order.status !== 'FULFILLED';
  const done = order.lineItems.filter((l) =>
    picks.has(pickKey(order.orderId, l.lineItemId)),
  ).length;
  return (
    <li className="card ebay-order" data-testid="ebay-order" data-order-id={order.orderId}>
      <header className="ebay-order__header">
        <h3>Order {order.orderId}</h3>
        {open ? (
          <span
            className={done === order.lineItems.length ? 'ebay-order__picked--all' : 'muted'}
            data-testid="ebay-order-progress"
          >
            {done} of {order.lineItems.length} picked
          </span>
        ) : null}
        <span className="muted">
          {when(order.creationDate)}
          {order.buyer ? ` · ${order.buyer}` : ''} · {STATUS_LABELS[order.status] ?? order.status}
          {order.total ? ` · ${order.total.value} ${order.total.currency}` : ''}
        </span>
      </header>
      <table className="ebay-table">
        <ColumnHeadings names={['Item', 'SKU', 'Qty', 'Location', 'Picked']} />
        <tbody>
          {order.lineItems.map((line) => {
            const entry = located.get(`${order.orderId}/${line.lineItemId}`);
            const pick = picks.get(pickKey(order.orderId, line.lineItemId));
            return (
              <tr
                key={line.lineItemId}
                data-testid="ebay-order-line"
                data-line-id={line.lineItemId}
                data-picked={pick ? 'true' : 'false'}
                className={pick ? 'ebay-line--picked' : undefined}
              >
                <td>
                  <span className="ebay-line__item" data-testid="ebay-order-line-item">
                    {entry?.item_id ? <ItemThumb itemId={entry.item_id} /> : null}
                    <span>{line.title}</span>
                  </span>
                </td>
                <td>{line.sku ?? '—'}</td>
                <td>{line.quantity}</td>
                <td data-testid="ebay-order-line-location">
                  {entry?.label ?? <span className="muted">Not on a shelf</span>}
                </td>
                <td className="ebay-pick__cell">
                  {open && entry ? (
                    <PickControls
                      line={pickable(entry)}
                      pick={pick}
                      handlers={handlers}
                      where="order"
                    />
                  ) : (
                    <span className="muted">{pick ? 'Picked' : 'Shipped'}</span>
                  )}
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
 * Picking on eBay Orders: mark a line picked (its quantity comes off the shelf; the toast offers
 * Unpick), unpick it, and find the item of a line "Not on a shelf" by linking it or by placing
 * it on a shelf from here.
 */
function usePicking(accountId: AccountId, planId: string) {
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [linking, setLinking] = useState<PickableLine | null>(null);
  const [placing, setPlacing] = useState<PickableLine | null>(null);
  const done = () => setBusyKey(null);
  const unpick = useUnpickOrderLine(accountId, {
    onSuccess: (_item, input) => {
      done();
      const line = lastPicked.current.get(pickKey(input.orderId, input.lineItemId));
      notify(messages.lineUnpicked(line?.quantity ?? 1, line?.title ?? 'The item'));
    },
    onError: (error) => {
      done();
      showError(error, messages.lineUnpick());
    },
  });
  const lastPicked = useRef(new Map<string, PickableLine>());
  const pick = usePickOrderLine(accountId, {
    onSuccess: (picked, input) => {
      done();
      notify(messages.linePicked(picked.quantity, picked.item_name, picked.order_id), {
        action: {
          label: 'Undo',
          onClick: () => {
            setBusyKey(pickKey(input.orderId, input.lineItemId));
            unpick.mutate({ orderId: input.orderId, lineItemId: input.lineItemId });
          },
        },
      });
    },
    onError: (error) => {
      done();
      showError(error, messages.linePick());
    },
  });
  const linkSku = useLinkSku(accountId, {
    onSuccess: (link, input) => {
      setLinking(null);
      setPlacing(null);
      notify(messages.skuLinked(link.sku, linkedNames.current.get(input.itemId) ?? 'the item'));
    },
    onError: (error) => showError(error, messages.skuLink()),
  });
  const linkedNames = useRef(new Map<string, string>());
  const addItem = useAddItemMutation(accountId, planId, {
    onSuccess: (item, input) => {
      setPlacing(null);
      notify(messages.ebayItemAdded(item.item_name));
      // A line with a SKU finds the new item by it; one without is remembered by its title.
      if (!input.fields.sku) {
        const key = linkKey({ title: input.fields.item_name });
        linkedNames.current.set(item.item_id, item.item_name);
        if (key) linkSku.mutate({ sku: key, itemId: item.item_id });
      }
    },
    onError: (error) => showError(error, messages.ebayItemAdd(errorMessage(error))),
  });

  const { mutate: pickMutate } = pick;
  const { mutate: unpickMutate } = unpick;
  const onPick = useCallback(
    (line: PickableLine) => {
      if (!line.itemId) return;
      setBusyKey(pickKey(line.orderId, line.lineItemId));
      lastPicked.current.set(pickKey(line.orderId, line.lineItemId), line);
      pickMutate({
        orderId: line.orderId,
        lineItemId: line.lineItemId,
        itemId: line.itemId,
        quantity: line.quantity,
      });
    },
    [pickMutate],
  );
  const onUnpick = useCallback(
    (line: PickableLine) => {
      setBusyKey(pickKey(line.orderId, line.lineItemId));
      lastPicked.current.set(pickKey(line.orderId, line.lineItemId), line);
      unpickMutate({ orderId: line.orderId, lineItemId: line.lineItemId });
    },
    [unpickMutate],
  );
  const handlers: PickHandlers = useMemo(
    () => ({ onPick, onUnpick, onLink: setLinking, onPlace: setPlacing, busyKey }),
    [onPick, onUnpick, busyKey],
  );
  return {
    handlers,
    linking,
    placing: placing ? { title: placing.title, quantity: placing.quantity } : null,
    linkBusy: linkSku.isPending,
    placeBusy: addItem.isPending,
    closeDialogs: () => {
      setLinking(null);
      setPlacing(null);
    },
    link: (itemId: string, itemName: string) => {
      const key = linking ? linkKey(linking) : null;
      if (!key) return;
      linkedNames.current.set(itemId, itemName);
      linkSku.mutate({ sku: key, itemId });
    },
    place: (shelfId: string) => {
      if (!placing) return;
      addItem.mutate({
        shelfId,
        fields: {
          item_name: placing.title,
          quantity: placing.quantity,
          barcode: null,
          sku: placing.sku?.trim() || null,
          price_paid: null,
          expiry_date: null,
          reorder_level: null,
        },
      });
    },
  };
}

/**
 * The eBay orders screen (Elite Seller): the account's orders with where each ordered item sits
 * (room › isle › unit › shelf, matched by SKU or barcode) and a printable pick list of what is
 * still to ship, sorted in walking order. The orders are the account's, stored by the server
 * (issue 39): every member's device reads the same ones from the database, and live sync brings
 * each new fetch and every pick to every screen. Refresh asks the server to fetch for the
 * account; within the rate limit it does not ask eBay and the stored orders stay shown.
 */
export function EbayOrdersScreen() {
  const accountId = useAccountId();
  const planId = useAccountPlanId();
  const allowed = planAllows(planId, 'orders');
  // Every member learns the account's connection (never its tokens); only the owner connects.
  const mayConnect = useCan('ebay-connection');
  const connection = useAccountEbayConnection(accountId, allowed);
  const connected = connection.data?.connected === true;
  const country = usePreferences(accountId).data?.ebay_country;
  const orders = useOrders(accountId, allowed && connected);
  const refresh = useRefreshOrders(accountId, country);
  const items = useItems(accountId, planId);
  const tree = useStorageTree(accountId);
  const picksQuery = useOrderPicks(accountId, allowed && connected);
  const linksQuery = useSkuLinks(accountId, allowed && connected);
  const picking = usePicking(accountId, planId);
  const offline = useOffline();
  // Orders never fetched, or older than the schedule's round: fetch once for the account as the
  // screen opens. Orders another device fetched just now are shown as they are, no eBay call.
  const autoRefreshed = useRef(false);
  const stale = orders.data ? ordersStale(orders.data.fetchedAt) : false;
  const { mutate: refreshMutate } = refresh;
  const { refetch: refetchOrders } = orders;
  useEffect(() => {
    if (!stale || offline || autoRefreshed.current) return;
    autoRefreshed.current = true;
    refreshMutate(undefined, {
      // Only a fetch that happened is worth a toast here; a rate-limited one changed nothing.
      onSuccess: (answer) => {
        if (answer.fetched)
          void refetchOrders().then((r) =>
            notify(messages.ordersLoaded(r.data?.orders.length ?? 0)),
          );
      },
      onError: () => notify(messages.ordersFetch()),
    });
  }, [stale, offline, refreshMutate, refetchOrders]);
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (answer) =>
        void orders.refetch().then((r) => refreshToast(answer, r.data?.orders.length ?? 0)),
      onError: () => notify(messages.ordersFetch()),
    });

  const located = useMemo(() => {
    const lines: OrderLineRef[] = (orders.data?.orders ?? []).flatMap((order) =>
      order.lineItems.map((line) => ({ ...line, orderId: order.orderId, barcode: line.sku })),
    );
    return pickList(lines, items.data ?? [], tree.data ?? [], linksQuery.data ?? []);
  }, [orders.data, items.data, tree.data, linksQuery.data]);
  const picks = useMemo(
    () => new Map((picksQuery.data ?? []).map((p) => [pickKey(p.order_id, p.line_item_id), p])),
    [picksQuery.data],
  );

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
    return mayConnect ? (
      <p className="card muted" data-testid="ebay-orders-connect">
        <Link to="/dashboard/integrations">Connect your eBay account</Link> to see your orders here.
      </p>
    ) : (
      <p className="card muted" data-testid="ebay-orders-not-connected">
        {texts.ownerNotConnectedEbay}
      </p>
    );
  }
  if (orders.isPending) {
    return (
      <>
        <NeedsConnection need="ebay" />
        <p className="muted">Loading your eBay orders…</p>
      </>
    );
  }
  if (orders.isError) {
    return (
      <div className="card" role="alert" data-testid="ebay-orders-error">
        <NeedsConnection need="ebay" />
        <p>Failed to fetch orders</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void orders.refetch()}
          disabled={offline}
        >
          Try again
        </button>
      </div>
    );
  }

  const result = orders.data;
  // Never fetched for the account yet: "no orders" would be untrue while the first fetch runs.
  const waiting = result.fetchedAt === null;
  const refreshError = refresh.error;
  return (
    <div className="ebay-orders">
      <NeedsConnection need="ebay" />
      <div className="ebay-orders__toolbar no-print">
        <button
          type="button"
          className="button button--secondary"
          onClick={onRefresh}
          disabled={refresh.isPending || offline}
          data-testid="ebay-orders-refresh"
        >
          {refresh.isPending ? 'Refreshing…' : 'Refresh orders'}
        </button>
        {!mayConnect ? (
          <span className="muted" data-testid="ebay-orders-connection">
            {texts.connectedByOwner(connection.data?.ebayUser ?? null)}.
          </span>
        ) : null}
        {result.fetchedAt ? (
          <span className="muted" data-testid="ebay-orders-fetched-at">
            Fetched from eBay {when(result.fetchedAt)}.
          </span>
        ) : null}
      </div>
      {result.fromDevice ? (
        <p className="ebay-notice" role="status" data-testid="ebay-orders-from-device">
          Failed to fetch orders. The orders last read on this device are shown.
        </p>
      ) : null}
      {refreshError ? (
        <p className="ebay-notice" role="alert" data-testid="ebay-orders-refresh-error">
          {refreshError instanceof EbayFunctionError && refreshError.code === 'ebay_auth'
            ? 'eBay asks the owner to connect again.'
            : 'Failed to fetch orders'}
          {result.fetchedAt ? ' The orders fetched before are shown.' : ''}
        </p>
      ) : null}
      <PickListSection lines={toPick} waiting={waiting} picks={picks} handlers={picking.handlers} />
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
          <p className="muted" role="status" data-testid="ebay-orders-first-fetch">
            {refresh.isPending
              ? 'Fetching your eBay orders…'
              : 'Your eBay orders have not been fetched yet.'}
          </p>
        ) : result.orders.length === 0 ? (
          <p className="muted">No orders in the last 90 days.</p>
        ) : (
          <ul className="ebay-orders__list">
            {result.orders.map((order) => (
              <OrderCard
                key={order.orderId}
                order={order}
                located={byLine}
                picks={picks}
                handlers={picking.handlers}
              />
            ))}
          </ul>
        )}
      </section>
      {picking.linking ? (
        <LinkItemDialog
          line={picking.linking}
          items={items.data ?? []}
          rooms={tree.data ?? []}
          busy={picking.linkBusy}
          onChoose={(item) => picking.link(item.item_id, item.item_name)}
          onClose={picking.closeDialogs}
        />
      ) : null}
      {picking.placing ? (
        <PlaceListingDialog
          listing={picking.placing}
          rooms={tree.data ?? []}
          busy={picking.placeBusy}
          onPlace={picking.place}
          onClose={picking.closeDialogs}
        />
      ) : null}
    </div>
  );
}
