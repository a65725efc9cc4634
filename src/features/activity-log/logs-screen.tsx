import { useState } from 'react';
import { useAccountId } from '../account';
import { ConfirmDialog } from '../../components/dialog';
import { Screen } from '../../components/screen';
import { showError } from '../../components/show-error';
import { ColumnHeadings, ScrollingTable } from '../../components/table';
import { messages } from '../../lib/messages';
import { formatCount } from '../../lib/format';
import { useAuth } from '../auth';
import { DEFAULT_PREFERENCES } from '../../data/settings/preferences';
import { usePreferences } from '../../data/settings/get-preferences';
import { useClearLogs } from '../../data/activity-log/clear-logs';
import { ALL_ACTIONS, LOGS_PAGE_SIZE, useLogs } from '../../data/activity-log/get-logs';
import {
  actionLabel,
  formatLogTime,
  ITEM_ACTIONS,
  logActor,
  readableDetails,
  STORAGE_ACTIONS,
  TEAM_ACTIONS,
} from './log-actions';
import { useUndoableChanges } from '../../data/undo/undo-change';
import { useUndo } from '../undo';
import './activity-log.css';

export function LogsScreen() {
  const { user } = useAuth();
  const accountId = useAccountId();
  const [action, setAction] = useState<string>(ALL_ACTIONS);
  const [page, setPage] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const logs = useLogs(accountId, action, page);
  const clear = useClearLogs(accountId);
  const dateFormat = (usePreferences(accountId).data ?? DEFAULT_PREFERENCES).date_format;
  // The lines whose change can still be taken back (the seller's, not undone, untouched since).
  const undoable = useUndoableChanges(accountId).data;
  const { undo, isPending: undoing } = useUndo(accountId);

  const total = logs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE));
  const entries = logs.data?.logs ?? [];

  function clearAll() {
    clear.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setPage(0);
      },
      onError: (error) => {
        setConfirming(false);
        showError(error, messages.logsClear());
      },
    });
  }

  return (
    <Screen
      testId="logs-page"
      title="Activity Log"
      intro="A record of changes to your stock: items added, moved, updated, removed and imported, and storage added or removed. Newest first."
    >
      <div className="logs-toolbar">
        <div className="field">
          <label htmlFor="logs-filter">Action</label>
          <select
            id="logs-filter"
            data-testid="logs-filter"
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setPage(0);
            }}
          >
            <option value={ALL_ACTIONS}>All actions</option>
            <optgroup label="Items">
              {ITEM_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {actionLabel(value)}
                </option>
              ))}
            </optgroup>
            <optgroup label="Storage">
              {STORAGE_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {actionLabel(value)}
                </option>
              ))}
            </optgroup>
            <optgroup label="Team">
              {TEAM_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {actionLabel(value)}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          data-testid="logs-clear"
          disabled={!user || clear.isPending || (action === ALL_ACTIONS && total === 0)}
          onClick={() => setConfirming(true)}
        >
          Clear all
        </button>
      </div>

      {logs.isError ? (
        <div className="notice notice--error" role="alert" data-testid="logs-error">
          <p>The activity log could not be loaded. Please try again.</p>
        </div>
      ) : null}

      {logs.isPending ? (
        <p className="muted" data-testid="logs-loading">
          Loading activity...
        </p>
      ) : null}

      {logs.isSuccess && entries.length === 0 ? (
        <p className="muted" data-testid="logs-empty">
          {action === ALL_ACTIONS
            ? 'No activity yet. Changes to your stock will be listed here.'
            : `No ${actionLabel(action).toLowerCase()} entries.`}
        </p>
      ) : null}

      {entries.length > 0 ? (
        <>
          <ScrollingTable className="logs-table-wrap" label="Activity entries">
            <table className="logs-table" data-testid="logs-table">
              <caption className="visually-hidden">Activity, newest first</caption>
              <ColumnHeadings names={['When', 'Who', 'Action', 'Details', 'Undo']} />
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.log_id} data-testid="logs-row" data-action={entry.action}>
                    <td>
                      <time dateTime={entry.timestamp}>
                        {formatLogTime(entry.timestamp, dateFormat)}
                      </time>
                    </td>
                    <td className="logs-who" data-testid="logs-row-who">
                      {logActor(entry, user?.id)}
                    </td>
                    <td data-testid="logs-row-action">{actionLabel(entry.action)}</td>
                    <td data-testid="logs-row-details">{readableDetails(entry.details)}</td>
                    <td className="logs-undo">
                      {entry.change_id !== null && undoable?.has(entry.change_id) ? (
                        <button
                          type="button"
                          className="button button--secondary logs-undo__button"
                          data-testid="logs-undo"
                          disabled={undoing}
                          aria-label={`Undo: ${readableDetails(entry.details)}`}
                          onClick={() => {
                            if (entry.change_id !== null) undo(entry.change_id);
                          }}
                        >
                          Undo
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollingTable>
          {/* Boilerplate: the log pages newest first, in its own words, with the count between. */}
          <nav className="logs-pager" aria-label="Activity log pages">
            <button
              type="button"
              className="button button--ghost"
              data-testid="logs-prev"
              disabled={page === 0}
              onClick={() => setPage((current) => Math.max(0, current - 1))}
            >
              Newer
            </button>
            <span data-testid="logs-page-info">
              Page {page + 1} of {pages} · {formatCount(total)} {total === 1 ? 'entry' : 'entries'}
            </span>
            <button
              type="button"
              className="button button--ghost"
              data-testid="logs-next"
              disabled={page + 1 >= pages}
              onClick={() => setPage((current) => current + 1)}
            >
              Older
            </button>
          </nav>
        </>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title="Clear Activity Log"
        message="Delete every entry of your activity log? This cannot be undone."
        confirmLabel="Clear all"
        busy={clear.isPending}
        onConfirm={clearAll}
        onCancel={() => setConfirming(false)}
        testId="logs-clear-dialog"
      />
    </Screen>
  );
}
