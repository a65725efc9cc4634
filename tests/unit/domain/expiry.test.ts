// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPIRY_SETTINGS,
  daysUntilExpiry,
  dismiss,
  expiryLevel,
  expiryMessage,
  expiryNotifications,
  expiryToastText,
  isStillDismissed,
  pruneDismissed,
  type ExpiringItem,
  type ExpirySetting,
} from '../../../src/domain/expiry';

const TODAY = '2025-06-01';
const NOW = '2025-06-01T09:00:00.000Z';

const item = (
  item_id: string,
  expiry_date: string | null,
  extra: Partial<ExpiringItem> = {},
): ExpiringItem => ({
  item_id,
  item_name: `Item ${item_id}`,
  expiry_date,
  ...extra,
});

function raised(
  items: ExpiringItem[],
  settings: readonly ExpirySetting[] = DEFAULT_EXPIRY_SETTINGS,
  dismissed = [] as { id: string; dismissed_on: string }[],
) {
  return expiryNotifications({ items, settings, today: TODAY, now: NOW, dismissed });
}

describe('daysUntilExpiry', () => {
  it('counts calendar days from today', () => {
    expect(daysUntilExpiry('2025-07-01', TODAY)).toBe(30);
    expect(daysUntilExpiry('2025-06-01', TODAY)).toBe(0);
    expect(daysUntilExpiry('2025-05-30', TODAY)).toBe(-2);
  });
  it('crosses a daylight-saving change without losing a day', () => {
    expect(daysUntilExpiry('2025-03-31', '2025-03-29')).toBe(2);
    expect(daysUntilExpiry('2025-11-03', '2025-11-01')).toBe(2);
  });
  it('is null without a real date', () => {
    expect(daysUntilExpiry(null, TODAY)).toBeNull();
    expect(daysUntilExpiry('', TODAY)).toBeNull();
    expect(daysUntilExpiry('2025-02-30', TODAY)).toBeNull();
  });
});

describe('expiryNotifications: the expiry rule', () => {
  it('raises an item on day 30 when the 30-day setting is on, as a notification', () => {
    expect(raised([item('a', '2025-07-01', { item_name: 'Milk powder' })])).toEqual([
      {
        id: 'expiry:a:2025-07-01:30d',
        type: 'expiry',
        item_id: 'a',
        item_name: 'Milk powder',
        message: 'Milk powder expires in 30 days',
        days_until_expiry: 30,
        created_at: NOW,
        read: false,
      },
    ]);
  });
  it('does not raise an item on day 31', () => {
    expect(raised([item('a', '2025-07-02')])).toEqual([]);
  });
  it('does not raise an item whose days-left matches no setting', () => {
    expect(raised([item('a', '2025-06-30')])).toEqual([]);
  });
  it('does not raise on day 30 when that setting is disabled', () => {
    const settings = [
      { days: 30, enabled: false },
      { days: 60, enabled: true },
    ];
    expect(raised([item('a', '2025-07-01')], settings)).toEqual([]);
  });
  it('never raises beyond the 30-day window, even for an enabled 60 or 90', () => {
    expect(raised([item('a', '2025-07-31'), item('b', '2025-08-30')])).toEqual([]);
  });
  it('raises for any enabled setting inside the window', () => {
    const settings = [
      { days: 7, enabled: true },
      { days: 0, enabled: true },
    ];
    expect(
      raised([item('a', '2025-06-08'), item('b', TODAY), item('c', '2025-06-02')], settings).map(
        (n) => n.message,
      ),
    ).toEqual(['Item b expires today', 'Item a expires in 7 days']);
  });
  it('raises an expired item while any setting is enabled', () => {
    const [notification] = raised([item('a', '2025-05-29')]);
    expect(notification).toMatchObject({
      id: 'expiry:a:2025-05-29:expired',
      days_until_expiry: -3,
      message: 'Item a expired 3 days ago',
    });
  });
  it('raises nothing at all when every setting is disabled', () => {
    const off = DEFAULT_EXPIRY_SETTINGS.map((setting) => ({ ...setting, enabled: false }));
    expect(raised([item('a', '2025-05-29'), item('b', '2025-07-01')], off)).toEqual([]);
    expect(raised([item('a', '2025-05-29')], [])).toEqual([]);
  });
  it('skips items with no date, inactive items and items out of stock', () => {
    expect(
      raised([
        item('a', null),
        item('b', 'never'),
        item('c', '2025-07-01', { active: false }),
        item('d', '2025-07-01', { quantity: 0 }),
      ]),
    ).toEqual([]);
    expect(raised([item('e', '2025-07-01', { quantity: 2, active: true })])).toHaveLength(1);
  });
  it('lists the most urgent first', () => {
    expect(
      raised([item('a', '2025-07-01'), item('b', '2025-05-01'), item('c', '2025-05-31')]).map(
        (n) => n.item_id,
      ),
    ).toEqual(['b', 'c', 'a']);
  });
});

describe('dismissals', () => {
  const expired = item('a', '2025-05-29');
  const id = 'expiry:a:2025-05-29:expired';

  it('keeps a notification dismissed 29 days ago quiet', () => {
    expect(
      raised([expired], DEFAULT_EXPIRY_SETTINGS, [{ id, dismissed_on: '2025-05-03' }]),
    ).toEqual([]);
  });
  it('raises it again once dismissed 31 days ago', () => {
    expect(
      raised([expired], DEFAULT_EXPIRY_SETTINGS, [{ id, dismissed_on: '2025-05-01' }]).map(
        (n) => n.id,
      ),
    ).toEqual([id]);
  });
  it('remembers for 30 days, counting the day of dismissal', () => {
    expect(isStillDismissed('2025-05-03', TODAY)).toBe(true); // 29 days
    expect(isStillDismissed('2025-05-02', TODAY)).toBe(false); // 30 days: memory has run out
    expect(isStillDismissed('2025-05-01', TODAY)).toBe(false);
    expect(isStillDismissed(TODAY, TODAY)).toBe(true);
    expect(isStillDismissed('2025-06-05', TODAY)).toBe(true);
    expect(isStillDismissed('garbage', TODAY)).toBe(false);
  });
  it('only silences the notification that was dismissed', () => {
    expect(
      raised([expired, item('b', '2025-05-29')], DEFAULT_EXPIRY_SETTINGS, [dismiss(id, TODAY)]).map(
        (n) => n.item_id,
      ),
    ).toEqual(['b']);
  });
  it('raises afresh when the expiry date changes after a dismissal', () => {
    expect(
      raised([item('a', '2025-05-30')], DEFAULT_EXPIRY_SETTINGS, [dismiss(id, TODAY)]),
    ).toHaveLength(1);
  });
  it('drops dismissals that no longer silence anything', () => {
    const kept = { id: 'x', dismissed_on: '2025-05-15' };
    expect(pruneDismissed([kept, { id: 'y', dismissed_on: '2025-04-01' }], TODAY)).toEqual([kept]);
  });
});

describe('messages and toast', () => {
  it.each([
    [12, 'Tea expires in 12 days'],
    [1, 'Tea expires tomorrow'],
    [0, 'Tea expires today'],
    [-1, 'Tea expired yesterday'],
    [-40, 'Tea expired 40 days ago'],
  ])('words %i days as %j', (days, message) => {
    expect(expiryMessage('Tea', days)).toBe(message);
  });
  it('gives one notification its own message', () => {
    expect(expiryToastText([{ message: 'Tea expires in 30 days' }])).toBe('Tea expires in 30 days');
  });
  it("sums up several as 'N items need attention'", () => {
    expect(expiryToastText([{ message: 'a' }, { message: 'b' }, { message: 'c' }])).toBe(
      '3 items need attention',
    );
  });
  it('gives no toast for none', () => {
    expect(expiryToastText([])).toBeNull();
  });
});

describe('expiryLevel: how a row flags its expiry', () => {
  it('is expired once past, soon within the window, nothing after it or without a date', () => {
    expect(expiryLevel('2026-11-27', '2026-11-28')).toBe('expired');
    expect(expiryLevel('2026-11-28', '2026-11-28')).toBe('soon');
    expect(expiryLevel('2026-12-28', '2026-11-28')).toBe('soon');
    expect(expiryLevel('2026-12-29', '2026-11-28')).toBeNull();
    expect(expiryLevel(null, '2026-11-28')).toBeNull();
  });
});
