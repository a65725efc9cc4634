// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPIRY_SETTINGS,
  dismissalsSince,
  expiryNotifications,
} from '../../../../src/domain/expiry';
import { accountIdOf } from '../../../../src/domain/ids';
import {
  dismissalsFromRows,
  parseAnnounced,
  stillAnnounced,
  toAnnounce,
} from '../../../../src/features/notifications/announcements';

const TODAY = '2025-06-01';
/** Local noon of a date, as the server's timestamptz would come back. */
const localNoon = (isoDate: string) => new Date(`${isoDate}T12:00:00`).toISOString();

describe('dismissals from the server in the expiry rule', () => {
  const expired = { item_id: 'a', item_name: 'Tea', expiry_date: '2025-05-29' };
  const soon = { item_id: 'b', item_name: 'Milk', expiry_date: '2025-07-01' };
  const run = (rows: { notification_id: string; dismissed_at: string }[]) =>
    expiryNotifications({
      items: [expired, soon],
      settings: DEFAULT_EXPIRY_SETTINGS,
      today: TODAY,
      now: '2025-06-01T09:00:00Z',
      dismissed: dismissalsFromRows(rows),
    }).map((n) => n.item_id);

  it('raises both at the edges: day 30 and past', () => {
    expect(run([])).toEqual(['a', 'b']);
  });
  it('keeps quiet what was dismissed on the server 29 days ago', () => {
    expect(
      run([{ notification_id: 'expiry:b:2025-07-01:30d', dismissed_at: localNoon('2025-05-03') }]),
    ).toEqual(['a']);
  });
  it('raises again what was dismissed 31 days ago', () => {
    expect(
      run([
        { notification_id: 'expiry:a:2025-05-29:expired', dismissed_at: localNoon('2025-05-01') },
      ]),
    ).toEqual(['a', 'b']);
  });
  it('uses the seller’s local date of the dismissal, late in the evening too', () => {
    const late = new Date('2025-05-03T23:30:00').toISOString();
    expect(dismissalsFromRows([{ notification_id: 'x', dismissed_at: late }])).toEqual([
      { id: 'x', dismissed_on: '2025-05-03' },
    ]);
  });
  it('ignores rows whose time cannot be read', () => {
    expect(dismissalsFromRows([{ notification_id: 'x', dismissed_at: 'yesterday' }])).toEqual([]);
  });
  it('fetches a day more than the 30 remembered, for time zones', () => {
    expect(dismissalsSince(new Date('2025-06-01T00:00:00Z'))).toBe('2025-05-01T00:00:00.000Z');
  });
});

describe('what to toast', () => {
  const current = { accountId: accountIdOf('a'), signIn: '2025-06-01T08:00:00Z', date: TODAY };
  const record = { ...current, ids: ['n1'] };

  it('does not repeat a toast within the same sign-in and day (a reload)', () => {
    const announced = stillAnnounced(record, current);
    expect(toAnnounce([{ id: 'n1' }, { id: 'n2' }], announced)).toEqual([{ id: 'n2' }]);
  });
  it('toasts again after a new sign-in, on a new day, or for another account', () => {
    expect(stillAnnounced(record, { ...current, signIn: '2025-06-01T10:00:00Z' }).size).toBe(0);
    expect(stillAnnounced(record, { ...current, date: '2025-06-02' }).size).toBe(0);
    expect(stillAnnounced(record, { ...current, accountId: accountIdOf('b') }).size).toBe(0);
    expect(stillAnnounced(null, current).size).toBe(0);
  });
  it('reads only a well-formed stored record', () => {
    expect(parseAnnounced(JSON.stringify(record))).toEqual(record);
    expect(parseAnnounced('{')).toBeNull();
    expect(parseAnnounced(JSON.stringify({ ...record, ids: [1] }))).toBeNull();
    expect(parseAnnounced(null)).toBeNull();
  });
  it('reads a record stored before the account was named as such', () => {
    const { accountId, ...rest } = record;
    expect(parseAnnounced(JSON.stringify({ ...rest, userId: accountId }))).toEqual(record);
  });
});
