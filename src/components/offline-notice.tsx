import { texts } from '../lib/messages';
import { useOffline } from '../lib/online';

/**
 * A quiet line at the top of the dashboard while the device is offline: what that means for the
 * seller's changes. It replaces the live-updates note for that time (one cause, one message) and
 * goes as soon as the connection is back.
 */
export function OfflineNotice() {
  const offline = useOffline();
  // Always in the page so screen readers announce the text when it appears.
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice" hidden={!offline}>
      {offline ? texts.offlineNotice : null}
    </div>
  );
}

/** The parts of Stockroom that talk to the server (or Stripe, or eBay) and cannot wait offline. */
export type ConnectionNeed = keyof typeof texts.needsConnection;

/**
 * Said where a screen's actions need the connection (billing, eBay, import, backups, account):
 * while offline, one plain sentence naming what waits for it. The screen disables those actions
 * with `useOffline()` from lib/online; both follow the connection, so nothing needs a reload.
 * `compact` is the short reason beside a button far from the sentence (not announced twice).
 */
export function NeedsConnection({
  need,
  compact = false,
}: {
  need: ConnectionNeed;
  compact?: boolean;
}) {
  const offline = useOffline();
  if (compact) {
    return offline ? (
      <span className="needs-connection needs-connection--compact" data-testid="needs-connection-short">
        {texts.needsConnectionShort}
      </span>
    ) : null;
  }
  // Always in the page so screen readers announce the sentence when it appears.
  return (
    <p
      className="needs-connection"
      role="status"
      data-testid="needs-connection"
      data-need={need}
      hidden={!offline}
    >
      {offline ? texts.needsConnection[need] : null}
    </p>
  );
}
