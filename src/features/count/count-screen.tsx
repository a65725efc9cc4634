import './count.css';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { notify } from '../../components/toasts';
import { useCachedItems } from '../../data/items/items-cache';
import { hitLocationLabel, placeToLocation } from '../../data/items/search-hits';
import { useApplyShelfCount } from '../../data/counts/shelf-count';
import type { Item } from '../../data/items/types';
import type { ShelfPlace } from '../../data/storage/types';
import { toDataError } from '../../data/errors';
import { quickSearch } from '../../domain/search';
import {
  applyText,
  countRows,
  expectedOnShelf,
  foundLines,
  itemsForCode,
  summarize,
  summaryText,
  type CountLine,
  type CountRow,
} from '../../domain/shelf-count';
import { messages } from '../../lib/messages';
import { useUndoOffer } from '../undo';
import { useWedgeScanner } from '../../lib/use-wedge-scanner';
import type { AccountId } from '../../domain/ids';

const NO_ITEMS: Item[] = [];

const STATE_TEXT: Record<CountRow['state'], string> = {
  ok: 'As expected',
  missing: 'Missing',
  quantity: 'Quantity off',
  unexpected: 'Unexpected',
};

/**
 * Counting one shelf (issue #41): the shelf's items as they were when the count began, what the
 * seller scans, taps or finds by name, and the differences; Apply sends it all as one change
 * (apply_shelf_count), refused if the shelf changed meanwhile.
 */
export function CountScreen({
  accountId,
  shelfId,
  places,
}: {
  accountId: AccountId;
  shelfId: string;
  places: ReadonlyMap<string, ShelfPlace>;
}) {
  const items = useCachedItems(accountId) ?? NO_ITEMS;
  const place = places.get(shelfId);
  const where = hitLocationLabel(placeToLocation(place));
  const byId = useMemo(() => new Map(items.map((item) => [item.item_id, item])), [items]);
  // The shelf as it was when the count began: what Apply says the counter saw.
  const [expected, setExpected] = useState<CountLine[]>(() => expectedOnShelf(items, shelfId));
  const [found, setFound] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [note, setNote] = useState('');
  const [query, setQuery] = useState('');
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const offerUndo = useUndoOffer(accountId);

  const rows = useMemo(() => countRows(expected, found, byId), [expected, found, byId]);
  const summary = summarize(rows);

  const setCount = useCallback((item: Item, count: number) => {
    setFound((previous) => {
      const next = new Map(previous);
      next.set(item.item_id, Math.max(0, count));
      return next;
    });
  }, []);

  const countOne = useCallback(
    (item: Item) => {
      const now = (found.get(item.item_id) ?? 0) + 1;
      setCount(item, now);
      setNote(`${item.item_name}: ${now} counted`);
    },
    [found, setCount],
  );

  const onCode = useCallback(
    (scanned: string) => {
      const hit = itemsForCode(items, scanned, shelfId)[0];
      if (!hit) {
        setNote(`No item has the code ${scanned.trim()}. Find it by name below.`);
        return;
      }
      countOne(byId.get(hit.item_id) ?? (hit as Item));
    },
    [items, shelfId, countOne, byId],
  );
  useWedgeScanner(onCode, !confirming);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    onCode(code);
    setCode('');
    codeRef.current?.focus();
  };

  const inRows = new Set(rows.map((row) => row.item.item_id));
  const hits = quickSearch(items, query).filter((item) => !inRows.has(item.item_id));

  const apply = useApplyShelfCount(accountId, {
    onSuccess: (answer) => {
      setConfirming(false);
      const message = messages.countApplied(where, summaryText(summary), answer.queued === true);
      if (answer.change_id) offerUndo(message, 'count_shelf');
      else notify(message);
      navigate('/dashboard/count');
    },
    onError: (error) => {
      setConfirming(false);
      const reason = toDataError(error).message;
      setRefused(reason);
      notify(messages.countRefused(reason));
    },
  });

  // The inventory read again after a refusal shows the shelf as it is now.
  const recount = () => {
    setExpected(expectedOnShelf(items, shelfId));
    setRefused(null);
  };

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  if (!place)
    return (
      <div className="notice notice--error" role="alert" data-testid="count-no-shelf">
        <p>This shelf no longer exists.</p>
        <p>
          <Link to="/dashboard/count">Back to the shelves to count</Link>
        </p>
      </div>
    );

  return (
    <div className="count" data-testid="count-shelf" data-shelf-id={shelfId}>
      <div className="count__head">
        <h2 className="count__where" data-testid="count-where">
          {where}
        </h2>
        <Link className="button button--ghost" to="/dashboard/count">
          Back to shelves
        </Link>
      </div>

      <div className="count__tools">
        <form className="count__tool" onSubmit={submitCode}>
          <label htmlFor="count-code">Scan or type a barcode</label>
          <div className="count__tool-row">
            <input
              ref={codeRef}
              id="count-code"
              className="input"
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder="Barcode, then Enter"
              data-testid="count-code"
            />
            <button
              type="submit"
              className="button button--secondary"
              disabled={code.trim() === ''}
            >
              Count
            </button>
          </div>
        </form>
        <div className="count__tool">
          <label htmlFor="count-search">Add an item found here, by name</label>
          <input
            id="count-search"
            className="input"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Item name"
            data-testid="count-search"
          />
          {query.trim() !== '' ? (
            <ul className="count__hits" aria-label="Items matching the name">
              {hits.length === 0 ? (
                <li className="muted">No other item matches.</li>
              ) : (
                hits.map((item) => (
                  <li key={item.item_id}>
                    <button
                      type="button"
                      className="button button--secondary count__hit"
                      data-testid="count-hit"
                      onClick={() => {
                        countOne(item);
                        setQuery('');
                      }}
                    >
                      <span>{item.item_name}</span>
                      <span className="muted">
                        {item.shelf_id
                          ? hitLocationLabel(placeToLocation(places.get(item.shelf_id)))
                          : 'No shelf'}
                      </span>
                    </button>
                  </li>
                ))
              )}
            </ul>
          ) : null}
        </div>
      </div>

      <p className="count__note" role="status" aria-live="polite" data-testid="count-note">
        {note}
      </p>

      {refused ? (
        <div className="notice notice--error" role="alert" data-testid="count-refused">
          <p>{refused}</p>
          <p>
            <button type="button" className="button button--secondary" onClick={recount}>
              Count again with the shelf as it is now
            </button>
          </p>
        </div>
      ) : null}

      {rows.length === 0 ? (
        <p className="muted" data-testid="count-empty">
          The shelf was empty when the count began. Scan or find by name what is on it.
        </p>
      ) : (
        <ul className="count__rows" aria-label="Items counted">
          {rows.map((row) => (
            <CountRowView
              key={row.item.item_id}
              row={row}
              from={
                row.state === 'unexpected'
                  ? row.item.shelf_id
                    ? hitLocationLabel(placeToLocation(places.get(row.item.shelf_id)))
                    : 'no shelf'
                  : null
              }
              onSet={(count) => setCount(row.item as Item, count)}
            />
          ))}
        </ul>
      )}

      <div className="count__footer">
        <p className="count__summary" data-testid="count-summary">
          {summaryText(summary)}
        </p>
        <button
          type="button"
          className="button button--primary"
          data-testid="count-apply"
          disabled={apply.isPending || refused !== null}
          onClick={() => setConfirming(true)}
        >
          Apply count
        </button>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Apply this count?"
        message={
          <>
            <p>{applyText(summary)}</p>
            <p className="muted">{where}. You can undo it afterwards.</p>
          </>
        }
        confirmLabel="Apply count"
        focus="confirm"
        busy={apply.isPending}
        testId="count-confirm"
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          apply.mutate({
            shelf: { shelf_id: shelfId, unit_id: place.unit.unit_id },
            expected,
            found: foundLines(found),
          })
        }
      />
    </div>
  );
}

function CountRowView({
  row,
  from,
  onSet,
}: {
  row: CountRow;
  from: string | null;
  onSet: (count: number) => void;
}) {
  const name = row.item.item_name;
  return (
    <li className="count__row" data-testid="count-row" data-state={row.state}>
      <div className="count__item">
        <span className="count__name" data-testid="count-name">
          {name}
        </span>
        <span className={`count-badge count-badge--${row.state}`} data-testid="count-state">
          {STATE_TEXT[row.state]}
        </span>
        {from !== null ? (
          <span className="count__from" data-testid="count-from">
            was on {from} — Move here
          </span>
        ) : null}
      </div>
      <div className="count__numbers">
        <span className="count__expected">
          Expected <strong data-testid="count-expected">{row.expected ?? '—'}</strong>
        </span>
        <div className="count__stepper" role="group" aria-label={`Found of ${name}`}>
          <button
            type="button"
            className="button button--secondary count__step"
            aria-label={`One fewer ${name}`}
            disabled={row.found === 0}
            onClick={() => onSet(row.found - 1)}
          >
            −
          </button>
          <output className="count__found" data-testid="count-found" aria-label={`Found ${name}`}>
            {row.found}
          </output>
          <button
            type="button"
            className="button button--secondary count__step"
            aria-label={`One more ${name}`}
            data-testid="count-plus"
            onClick={() => onSet(row.found + 1)}
          >
            +
          </button>
        </div>
        {row.expected !== null && row.expected > 0 ? (
          <button
            type="button"
            className="button button--ghost count__all"
            aria-label={`Found all ${row.expected} of ${name}`}
            data-testid="count-all"
            disabled={row.found === row.expected}
            onClick={() => onSet(row.expected ?? 0)}
          >
            All {row.expected}
          </button>
        ) : (
          <span className="count__all" />
        )}
      </div>
    </li>
  );
}
