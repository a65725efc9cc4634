import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useShelvesNotCounted } from '../../data/counts/shelf-count';
import { countOf } from '../../domain/plural';
import { countShelfPath, daysSinceCounted, lastCountedText } from '../../domain/shelf-count';
import type { AccountId } from '../../domain/ids';

const DAY_CHOICES = [7, 14, 30, 60, 90, 180, 365] as const;
const DEFAULT_DAYS = 30;

/** Shelves never counted or not counted in the chosen number of days, each opening its count. */
export function NotCountedList({ accountId }: { accountId: AccountId }) {
  const [days, setDays] = useState<number>(DEFAULT_DAYS);
  const shelves = useShelvesNotCounted(accountId, days);
  const now = new Date();
  return (
    <section className="count-list" aria-labelledby="not-counted-title" data-testid="not-counted">
      <div className="count-list__head">
        <h2 id="not-counted-title">Not counted lately</h2>
        <label className="count-list__days">
          <span>Not counted in</span>
          <select
            className="input"
            value={days}
            data-testid="not-counted-days"
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {DAY_CHOICES.map((n) => (
              <option key={n} value={n}>
                {countOf(n, 'day')}
              </option>
            ))}
          </select>
        </label>
      </div>
      {shelves.error ? (
        <p className="notice notice--error" role="alert">
          {shelves.error.message}
        </p>
      ) : !shelves.data ? (
        <p className="muted" role="status">
          {shelves.fetchStatus === 'paused'
            ? 'The list needs a connection. You can still count a shelf from its menu.'
            : 'Loading the shelves…'}
        </p>
      ) : shelves.data.length === 0 ? (
        <p className="muted" data-testid="not-counted-empty">
          Every shelf was counted in the last {countOf(days, 'day')}.
        </p>
      ) : (
        <ul className="count-list__rows">
          {shelves.data.map((shelf) => (
            <li key={shelf.shelf_id} className="count-list__row" data-testid="not-counted-row">
              <span className="count-list__where">{shelf.location}</span>
              <span className="muted">{countOf(shelf.item_count, 'item')}</span>
              <span className="muted" data-testid="not-counted-when">
                {lastCountedText(daysSinceCounted(shelf.last_counted_at, now))}
              </span>
              <Link
                className="button button--secondary"
                to={countShelfPath(shelf.shelf_id)}
                aria-label={`Count ${shelf.location}`}
              >
                Count
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
