import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { useOutbox, outboxFor } from '../../data/offline/outbox';
import { useOutboxReplay } from '../../data/offline/replay';
import {
  changesWaiting,
  decisionsWaiting,
  describeChange,
  type OutboxEntry,
} from '../../domain/outbox';
import { texts } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { formatDateTime, type DateFormat } from '../../lib/format';
import { DEFAULT_PREFERENCES } from '../../data/settings/preferences';
import { usePreferences } from '../../data/settings/get-preferences';
import type { AccountId } from '../../domain/ids';
import './offline.css';

// No account yet: the preferences query stays disabled (usePreferences asks only with an id).
const NO_ACCOUNT = '' as AccountId;

/**
 * The queue in order, as the open dialog lists it. A component of its own, so a closed dialog
 * builds no list: catch-up re-renders the header once per change sent.
 */
function WaitingList({
  waiting,
  dateFormat,
}: {
  waiting: readonly OutboxEntry[];
  dateFormat: DateFormat;
}) {
  return (
    <ol className="outbox-list" data-testid="changes-waiting-list">
      {waiting.map((entry) => (
        <li key={entry.id} data-testid="change-waiting">
          <span>{describeChange(entry.change)}</span>
          <span className="outbox-list__time">{formatDateTime(entry.at, dateFormat)}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The header's word on the offline queue (issue #26): "3 changes waiting" while changes made
 * without a connection wait on the device, and "1 change needs your decision" when the database
 * refused one on catch-up. Each opens a dialog: the queue in order, or each refused change with
 * what happened and a choice. Catch-up itself runs here too, for as long as the dashboard is open.
 */
export function ChangesWaiting({ accountId }: { accountId: AccountId | undefined }) {
  useOutboxReplay(accountId);
  const { waiting, decisions } = useOutbox(accountId);
  // When each change was made, in the seller's date format (docs/product.md#preferences).
  const dateFormat = (usePreferences(accountId ?? NO_ACCOUNT).data ?? DEFAULT_PREFERENCES)
    .date_format;
  const [open, setOpen] = useState<'waiting' | 'decisions' | null>(null);
  const outbox = accountId ? outboxFor(accountId) : undefined;
  const showWaiting = open === 'waiting' && waiting.length > 0;
  const showDecisions = open === 'decisions' && decisions.length > 0;

  const offline = useOffline();

  return (
    <>
      {/* Said in words, not only by colour or an icon; the waiting count is the button beside it. */}
      {offline ? (
        <span className="offline-status" role="status" data-testid="offline-status">
          Offline
        </span>
      ) : null}
      {waiting.length > 0 ? (
        <button
          type="button"
          className="button button--secondary outbox-status"
          data-testid="changes-waiting"
          aria-haspopup="dialog"
          onClick={() => setOpen('waiting')}
        >
          {changesWaiting(waiting.length)}
        </button>
      ) : null}
      {decisions.length > 0 ? (
        <button
          type="button"
          className="button outbox-status outbox-status--decide"
          data-testid="changes-to-decide"
          aria-haspopup="dialog"
          onClick={() => setOpen('decisions')}
        >
          {decisionsWaiting(decisions.length)}
        </button>
      ) : null}
      <Dialog
        open={showWaiting}
        title={changesWaiting(waiting.length)}
        onClose={() => setOpen(null)}
        testId="changes-waiting-dialog"
        footer={
          <button type="button" className="button" onClick={() => setOpen(null)}>
            Close
          </button>
        }
      >
        <p>{texts.outboxIntro}</p>
        {showWaiting ? <WaitingList waiting={waiting} dateFormat={dateFormat} /> : null}
      </Dialog>
      <Dialog
        open={showDecisions}
        title="Needs your decision"
        onClose={() => setOpen(null)}
        testId="changes-to-decide-dialog"
        footer={
          <button type="button" className="button button--secondary" onClick={() => setOpen(null)}>
            Decide later
          </button>
        }
      >
        <p>{texts.outboxDecisionIntro}</p>
        <ul className="outbox-list outbox-list--decisions">
          {decisions.map((decision) => (
            <li key={decision.entry.id} data-testid="change-to-decide">
              <strong data-testid="change-to-decide-what">
                {describeChange(decision.entry.change)}
              </strong>
              <span className="outbox-list__reason" data-testid="change-to-decide-reason">
                {decision.reason}
              </span>
              <span className="outbox-list__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  data-testid="change-discard"
                  onClick={() => void outbox?.done(decision.entry.id)}
                >
                  Discard this change
                </button>
                <button
                  type="button"
                  className="button button--primary"
                  data-testid="change-retry"
                  onClick={() => void outbox?.retry(decision.entry.id)}
                >
                  Try again
                </button>
              </span>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
