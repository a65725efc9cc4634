import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useExpiryNotifications } from './use-expiry-notifications';
import { useLowStockNotifications } from './use-low-stock-notifications';
import { useEbayCheckNotifications } from './use-ebay-check-notifications';
import './notifications.css';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.5L4.5 16h15L18 12.5V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Where a low-stock entry leads: the Low stock screen (pages/dashboard, 'low-stock'). */
const LOW_STOCK_PATH = '/dashboard/low-stock';
/** Where an eBay Check entry leads (pages/dashboard, 'ebay-check'). */
const EBAY_CHECK_PATH = '/dashboard/ebay-check';

/**
 * The bell in the dashboard header: runs the expiry check (on sign-in and daily), counts the
 * low and out-of-stock items and the eBay Check's findings beside it, and opens the notifications panel, where each
 * notification can be dismissed for 30 days.
 */
export function NotificationsBell() {
  const { notifications, loading, failed, refresh, dismiss } = useExpiryNotifications();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const lowStock = useLowStockNotifications();
  const ebayCheck = useEbayCheckNotifications();
  const count =
    notifications.length + lowStock.notifications.length + ebayCheck.notifications.length;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="notifications" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary notifications__bell"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count === 0 ? 'Notifications' : `Notifications, ${count} unread`}
        onClick={() => {
          if (!open) {
            void refresh();
            ebayCheck.refresh();
          }
          setOpen(!open);
        }}
        data-testid="notifications-bell"
      >
        <BellIcon />
        {count > 0 ? (
          <span className="notifications__count" data-testid="notifications-count">
            {count}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          className="notifications__panel"
          aria-label="Notifications"
          data-testid="notifications-panel"
        >
          <header className="notifications__header">
            <h2>Notifications</h2>
            {notifications.length + lowStock.notifications.length > 1 ? (
              <button
                type="button"
                className="button button--ghost"
                disabled={dismiss.isPending}
                onClick={() => dismiss.mutate([...notifications, ...lowStock.notifications])}
                data-testid="notifications-dismiss-all"
              >
                Dismiss all
              </button>
            ) : null}
          </header>
          {loading ? (
            <p className="muted">Checking your items…</p>
          ) : failed ? (
            <p className="notice notice--error" role="alert">
              Expiry dates could not be checked.{' '}
              <button type="button" className="button button--ghost" onClick={() => void refresh()}>
                Try again
              </button>
            </p>
          ) : count === 0 ? (
            <p className="muted" data-testid="notifications-empty">
              Nothing needs your attention.
            </p>
          ) : (
            <ul className="notifications__list">
              {notifications.map((notification) => (
                <li
                  key={notification.id}
                  className="notifications__item"
                  data-testid="notification"
                  data-days={notification.days_until_expiry}
                >
                  <span
                    className={notification.days_until_expiry < 0 ? 'notifications__expired' : ''}
                  >
                    {notification.message}
                  </span>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={dismiss.isPending}
                    onClick={() => dismiss.mutate([notification])}
                    aria-label={`Dismiss: ${notification.message}`}
                    data-testid="notification-dismiss"
                  >
                    Dismiss
                  </button>
                </li>
              ))}
              {lowStock.notifications.map((notification) => (
                <li
                  key={notification.id}
                  className="notifications__item"
                  data-testid="low-stock-notification"
                >
                  <Link
                    to={LOW_STOCK_PATH}
                    className={notification.out_of_stock ? 'notifications__expired' : ''}
                    onClick={() => setOpen(false)}
                  >
                    {notification.message}
                  </Link>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={dismiss.isPending}
                    onClick={() => dismiss.mutate([notification])}
                    aria-label={`Dismiss: ${notification.message}`}
                    data-testid="notification-dismiss"
                  >
                    Dismiss
                  </button>
                </li>
              ))}
              {ebayCheck.notifications.map((notification) => (
                <li
                  key={notification.id}
                  className="notifications__item"
                  data-testid="ebay-check-notification"
                >
                  <Link to={EBAY_CHECK_PATH} onClick={() => setOpen(false)}>
                    {notification.message}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
