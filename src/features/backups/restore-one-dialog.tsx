import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/dialog';
import { NeedsConnection } from '../../components/offline-notice';
import { TextField } from '../../components/text-field';
import { notify } from '../../components/toasts';
import { errorText } from '../../data/errors';
import { useUsage } from '../../data/billing/usage';
import { restoreAdds, restoreOneLimitNotice } from '../../domain/limit-notice';
import { formatCount } from '../../lib/format';
import { messages } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { ShelfPicker } from '../shelf-picker';
import type { BackupSummary } from '../../data/backups/list-backups';
import { useDeletedThings, type DeletedThing } from '../../data/backups/list-deleted-things';
import { useRestoreOne } from '../../data/backups/restore-one';
import { useAccountId, useAccountPlanId } from '../account';
import './restore-one.css';

const KIND_NAME = { item: 'Item', shelf: 'Shelf', unit: 'Unit' } as const;

/** Where a thing whose place is gone ends up, said before the seller chooses. */
const CHOSEN_PLACE = {
  item: 'Choose a shelf to put it on.',
  shelf: 'Choose a shelf: it goes last into that shelf’s unit, with its items.',
  unit: 'Choose a shelf: the unit goes last into that shelf’s isle, with its shelves and items.',
} as const;

export interface RestoreOneDialogProps {
  backup: BackupSummary | null;
  /** how the backup is named to the seller ('Nov 26, 2026, 1:00 AM') */
  takenAt: string;
  onClose: () => void;
}

/**
 * "Restore one thing": the deleted units, shelves and items of one backup, searchable by name;
 * each comes back where it was, or to a chosen shelf when its place is gone. The server checks
 * everything again (still deleted, plan limits) and its refusals are shown as they are.
 */
export function RestoreOneDialog({ backup, takenAt, onClose }: RestoreOneDialogProps) {
  const id = useId();
  const accountId = useAccountId();
  const things = useDeletedThings(accountId, backup?.backup_id ?? null);
  // What the stockroom holds now, so a thing that would go over a plan limit says so at once.
  const usage = useUsage(accountId);
  const planId = useAccountPlanId();
  const restore = useRestoreOne();
  const [query, setQuery] = useState('');
  const [placing, setPlacing] = useState<DeletedThing | null>(null);
  const [shelfId, setShelfId] = useState<string | null>(null);
  const offline = useOffline();

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const all = things.data ?? [];
    return needle ? all.filter((t) => t.name.toLowerCase().includes(needle)) : all;
  }, [things.data, query]);

  const close = () => {
    setQuery('');
    setPlacing(null);
    setShelfId(null);
    onClose();
  };

  const bringBack = (thing: DeletedThing, chosenShelf: string | null) => {
    if (!backup) return;
    restore.mutate(
      { backupId: backup.backup_id, kind: thing.kind, id: thing.id, shelfId: chosenShelf },
      {
        onSuccess: (done) => {
          notify(
            messages.oneRestored(done.name, done.place, done.items, done.kind, done.photos_skipped),
          );
          setPlacing(null);
          setShelfId(null);
        },
        onError: (error) => notify(messages.restoreFailed(errorText(error))),
      },
    );
  };

  return (
    <Dialog
      open={backup !== null}
      title="Restore one thing"
      onClose={close}
      testId="restore-one-dialog"
      footer={
        <button type="button" className="button button--secondary" onClick={close}>
          Close
        </button>
      }
    >
      <p className="muted">
        What the backup of {takenAt} holds that is no longer in your stockroom. It comes back where
        it was, with what it held; nothing else changes.
      </p>
      <NeedsConnection need="backups" />
      <TextField
        id={`${id}-search`}
        label="Search by name"
        type="search"
        value={query}
        onValueChange={setQuery}
        testId="restore-one-search"
      />
      {things.isPending ? (
        <p className="muted">Loading…</p>
      ) : things.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(things.error) ?? 'What this backup holds could not be read'}
        </p>
      ) : things.data.length === 0 ? (
        <p data-testid="restore-one-empty">Everything in this backup is still in your stockroom.</p>
      ) : shown.length === 0 ? (
        <p data-testid="restore-one-none">Nothing deleted matches “{query.trim()}”.</p>
      ) : (
        <ul className="restore-one__list" data-testid="restore-one-list">
          {shown.map((thing) => {
            const overLimit = usage.data
              ? restoreOneLimitNotice(planId, usage.data, restoreAdds(thing.kind, thing.item_count))
              : null;
            return (
              <li
                key={`${thing.kind}-${thing.id}`}
                className="restore-one__row"
                data-testid="restore-one-row"
              >
                <div className="restore-one__what">
                  <span className="restore-one__kind">{KIND_NAME[thing.kind]}</span>{' '}
                  <strong>{thing.name}</strong>
                  <span className="muted">
                    {' '}
                    {thing.kind === 'item'
                      ? `× ${formatCount(thing.item_count)}`
                      : `with ${formatCount(thing.item_count)} ${thing.item_count === 1 ? 'item' : 'items'}`}
                  </span>
                  <div className="muted">
                    Was at {thing.place}
                    {thing.place_exists ? '' : ' (that place is gone)'}
                  </div>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={restore.isPending || offline || Boolean(overLimit?.blocked)}
                  aria-label={`Restore ${KIND_NAME[thing.kind].toLowerCase()} ${thing.name}`}
                  onClick={() => {
                    if (thing.place_exists) bringBack(thing, null);
                    else {
                      setPlacing(thing);
                      setShelfId(null);
                    }
                  }}
                  data-testid="restore-one-restore"
                >
                  {thing.place_exists ? 'Restore' : 'Choose where…'}
                </button>
                {overLimit ? (
                  <p
                    className="notice notice--error restore-one__limit"
                    data-testid="restore-one-limit"
                  >
                    {overLimit.message} <Link to="/pricing">See plans and upgrade</Link>
                  </p>
                ) : null}
                {placing?.kind === thing.kind && placing.id === thing.id ? (
                  <div className="restore-one__place" data-testid="restore-one-place">
                    <p>{CHOSEN_PLACE[thing.kind]}</p>
                    <ShelfPicker value={shelfId} onChange={setShelfId} testId="restore-one-shelf" />
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={!shelfId || restore.isPending || offline}
                      onClick={() => bringBack(thing, shelfId)}
                      data-testid="restore-one-here"
                    >
                      Restore here
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
