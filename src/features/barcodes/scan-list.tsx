import { scanQuantity, type ScanEntry } from '../../domain/scan-session';

const STATUS_TEXT: Record<ScanEntry['status'], string> = {
  pending: 'Ready to add',
  adding: 'Adding…',
  added: 'Added',
  moved: 'Moved',
  failed: 'Not added',
};

const SOURCE_TEXT: Record<ScanEntry['source'], string> = {
  scanner: 'scanner',
  camera: 'camera',
  keyboard: 'typed',
};

export interface ScanListProps {
  entries: readonly ScanEntry[];
  onRemove: (code: string) => void;
  onRename?: (code: string, name: string) => void;
  /** For a code the seller already holds: add to that item, or a new item on this shelf. */
  onChoose?: (code: string, choice: 'existing' | 'new') => void;
  /** Right after a scan is saved: photograph the item it went to (docs/product.md#photos). */
  onAddPhoto?: (itemId: string, name: string) => void;
}

/** The scans of this session, newest last, each with its name, status and a Remove button. */
export function ScanList({ entries, onRemove, onRename, onChoose, onAddPhoto }: ScanListProps) {
  if (entries.length === 0) {
    return (
      <p className="muted" data-testid="scan-list-empty">
        Nothing scanned yet.
      </p>
    );
  }
  return (
    <ol className="scan-list" data-testid="scan-list" aria-label="Scanned items">
      {entries.map((entry) => {
        const editable = onRename && (entry.status === 'pending' || entry.status === 'failed');
        return (
          <li
            key={entry.code}
            className={`scan-list__entry scan-list__entry--${entry.status}`}
            data-testid="scan-entry"
            data-code={entry.code}
            data-status={entry.status}
          >
            <code className="scan-list__code" data-testid="scan-entry-code">
              {entry.code}
            </code>
            {editable ? (
              <input
                type="text"
                className="scan-list__name"
                aria-label={`Name for ${entry.code}`}
                value={entry.name}
                placeholder={`Scanned item ${entry.code}`}
                onChange={(event) => onRename(entry.code, event.target.value)}
                data-testid="scan-entry-name"
              />
            ) : (
              <span className="scan-list__name" data-testid="scan-entry-name">
                {entry.name || `Scanned item ${entry.code}`}
              </span>
            )}
            <span className="scan-list__meta muted">
              {entry.matched ? 'Matched your item · ' : ''}
              {SOURCE_TEXT[entry.source]}
            </span>
            <span
              className="scan-list__quantity"
              data-testid="scan-entry-quantity"
              aria-label={`Quantity ${scanQuantity(entry)}`}
            >
              ×{scanQuantity(entry)}
            </span>
            {entry.held && onChoose ? (
              <div
                className="scan-list__held"
                role="group"
                aria-label={`${entry.code} is already on a shelf`}
                data-testid="scan-entry-held"
              >
                <span>
                  You have {entry.held.name} on {entry.held.place}
                </span>
                <button
                  type="button"
                  className={
                    entry.choice === 'existing'
                      ? 'button button--primary'
                      : 'button button--secondary'
                  }
                  aria-pressed={entry.choice === 'existing'}
                  disabled={!editable}
                  onClick={() => onChoose(entry.code, 'existing')}
                  data-testid="scan-entry-existing"
                >
                  Add to that item
                </button>
                <button
                  type="button"
                  className={
                    entry.choice === 'new' ? 'button button--primary' : 'button button--secondary'
                  }
                  aria-pressed={entry.choice === 'new'}
                  disabled={!editable}
                  onClick={() => onChoose(entry.code, 'new')}
                  data-testid="scan-entry-new"
                >
                  New item here
                </button>
              </div>
            ) : null}
            <span className="scan-list__status" data-testid="scan-entry-status">
              {STATUS_TEXT[entry.status]}
              {entry.place ? ` to ${entry.place}` : ''}
            </span>
            {onAddPhoto &&
            entry.itemId &&
            (entry.status === 'added' || entry.status === 'moved') ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() =>
                  onAddPhoto(entry.itemId!, entry.name || `Scanned item ${entry.code}`)
                }
                aria-label={`Add photo of ${entry.name || entry.code}`}
                data-testid="scan-entry-photo"
              >
                Add photo
              </button>
            ) : null}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onRemove(entry.code)}
              aria-label={`Remove ${entry.code}`}
              data-testid="scan-entry-remove"
            >
              Remove
            </button>
          </li>
        );
      })}
    </ol>
  );
}
