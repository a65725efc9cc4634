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
