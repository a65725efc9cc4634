import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { useProcessingOverlay } from '../../components/processing-overlay';
import { NeedsConnection } from '../../components/offline-notice';
import { notify } from '../../components/toasts';
import { restoreLimitNotice } from '../../domain/limit-notice';
import { minimumPlanFor } from '../../domain/plans';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatDateTime } from '../../lib/format';
import { messages } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { backupFileName } from './backup-file';
import { RestoreOneDialog } from './restore-one-dialog';
import { errorText } from '../../data/errors';
import { downloadBackup } from '../../data/backups/download-backup';
import { useBackups, type BackupSummary } from '../../data/backups/list-backups';
import { useRestoreAllowed } from '../../data/backups/may-restore';
import { useRestoreBackup } from '../../data/backups/restore-backup';
import { useTakeBackup } from '../../data/backups/take-backup';
import { useAccountId, useAccountPlanId } from '../account';
import { DEFAULT_PREFERENCES } from '../../data/settings/preferences';
import { usePreferences } from '../../data/settings/get-preferences';

/** Hands the snapshot to the browser as a .json download. */
function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Take a backup now, see the list, download one, restore one (Power Seller and up). */
export function BackupsPanel() {
  const accountId = useAccountId();
  const backups = useBackups(accountId);
  // The account's plan decides; a plan change (billing) asks the server again.
  const planId = useAccountPlanId();
  const restoreAllowed = useRestoreAllowed(accountId, planId);
  const take = useTakeBackup(accountId);
  const restore = useRestoreBackup();
  const overlay = useProcessingOverlay();
  const [confirming, setConfirming] = useState<BackupSummary | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [restoringOne, setRestoringOne] = useState<BackupSummary | null>(null);
  const canRestore = restoreAllowed.data === true;
  // Backups live on the server: offline every action here waits (the sentence says why).
  const offline = useOffline();
  // Taken times in the seller's date format (docs/product.md#preferences).
  const dateFormat = (usePreferences(accountId).data ?? DEFAULT_PREFERENCES).date_format;
  const when = (iso: string) => formatDateTime(iso, dateFormat);

  const onDownload = async (backup: BackupSummary) => {
    setDownloading(backup.backup_id);
    try {
      saveJson(await downloadBackup(backup.backup_id), backupFileName(backup.created_at));
    } catch (error) {
      notify(messages.genericError(errorMessage(error)));
    } finally {
      setDownloading(null);
    }
  };

  // Said where the restore starts, before the seller confirms; the database refuses it too.
  const overLimit = confirming
    ? restoreLimitNotice(planId, {
        rooms: confirming.room_count,
        units: confirming.unit_count,
        items: confirming.item_count,
      })
    : null;

  const onRestore = (backup: BackupSummary) => {
    setConfirming(null);
    void overlay
      .run(
        () => restore.mutateAsync(backup.backup_id),
        'Restoring backup...',
        when(backup.created_at),
      )
      .then(
        (done) => notify(messages.backupRestored(done.photos_skipped)),
        (error: unknown) => notify(messages.restoreFailed(errorText(error))),
      );
  };

  return (
    <section className="settings__stack" data-testid="settings-backups">
      <p className="muted">
        Your rooms, isles, units, shelves and items are backed up every day, and each backup is kept
        for 3 days. You can also take one now, before a big change (up to 20 are kept; the oldest go
        first).
      </p>
      <NeedsConnection need="backups" />
      <div className="settings__actions">
        {/* Boilerplate: a button naming its own action, busy text and test id. */}
        <button
          type="button"
          className="button button--primary"
          disabled={take.isPending || offline}
          onClick={() =>
            take.mutate(undefined, {
              onError: (error) => notify(messages.genericError(errorMessage(error))),
            })
          }
          data-testid="backup-now"
        >
          {take.isPending ? 'Backing up…' : 'Back up now'}
        </button>
      </div>
      {restoreAllowed.data === false ? (
        <p className="notice" data-testid="restore-upgrade">
          Restoring a backup needs the {minimumPlanFor('restore_backup').name} plan or higher.{' '}
          <Link to="/dashboard/settings?tab=subscription">See plans</Link>
        </p>
      ) : null}

      {backups.isPending ? (
        <p className="muted">Loading backups…</p>
      ) : backups.isError ? (
        <p className="notice notice--error" role="alert">
          {errorMessage(backups.error) ?? 'Your backups could not be loaded'}{' '}
          <button
            type="button"
            className="button button--ghost"
            disabled={offline}
            onClick={() => void backups.refetch()}
          >
            Try again
          </button>
        </p>
      ) : backups.data.length === 0 ? (
        <p data-testid="backups-empty">No backups yet.</p>
      ) : (
        <table className="settings__table" data-testid="backups-list">
          <thead>
            <tr>
              <th scope="col">Taken</th>
              <th scope="col">Items</th>
              {/* Boilerplate: a table names its own columns; the hidden Actions heading is one cell. */}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {backups.data.map((backup) => (
              <tr key={backup.backup_id} data-testid="backup-row">
                <td>{when(backup.created_at)}</td>
                <td>{formatCount(backup.item_count)}</td>
                <td className="settings__row-actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={downloading === backup.backup_id || offline}
                    onClick={() => void onDownload(backup)}
                    data-testid="backup-download"
                  >
                    Download
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={!canRestore || restore.isPending || offline}
                    onClick={() => setConfirming(backup)}
                    data-testid="backup-restore"
                  >
                    Restore
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={!canRestore || offline}
                    onClick={() => setRestoringOne(backup)}
                    data-testid="backup-restore-one"
                  >
                    Restore one thing
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <RestoreOneDialog
        backup={restoringOne}
        takenAt={restoringOne ? when(restoringOne.created_at) : ''}
        onClose={() => setRestoringOne(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Restore this backup?"
        message={
          confirming
            ? `Your storage and items will be replaced by the backup taken ${when(confirming.created_at)} (${formatCount(confirming.item_count)} items). Anything added or changed since then is lost.`
            : ''
        }
        detail={
          overLimit ? (
            <p className="notice notice--error" role="alert" data-testid="restore-limit">
              {overLimit.message} <Link to="/pricing">See plans and upgrade</Link>
            </p>
          ) : null
        }
        confirmLabel="Restore"
        testId="restore-dialog"
        busy={offline || Boolean(overLimit?.blocked)}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && onRestore(confirming)}
      />
    </section>
  );
}
