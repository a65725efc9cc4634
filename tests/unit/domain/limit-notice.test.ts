// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  limitNotice,
  restoreAdds,
  restoreLimitNotice,
  restoreOneLimitNotice,
} from '../../../src/domain/limit-notice';

describe('limitNotice', () => {
  it('says at the limit that nothing more fits, near it how many remain', () => {
    expect(limitNotice('free', 'items', 100)).toEqual({
      blocked: true,
      message: 'Your Free plan holds 100 items and you have 100. Upgrade to add more.',
    });
    expect(limitNotice('free', 'items', 95)).toEqual({
      blocked: false,
      message: 'Your Free plan has room for 5 more items (95 of 100 used).',
    });
    expect(limitNotice('free', 'items', 99)?.message).toContain('room for 1 more item');
    expect(limitNotice('free', 'items', 50)).toBeNull();
    expect(limitNotice('free', 'rooms', 1)?.blocked).toBe(true);
  });
});

describe('restoreLimitNotice', () => {
  it('says what a whole backup holds beyond the plan, and nothing when it fits', () => {
    expect(restoreLimitNotice('power', { rooms: 2, units: 60, items: 1200 })).toEqual({
      blocked: true,
      message:
        'This backup holds 60 storage units and 1200 items; your Power Seller plan allows 50 storage units and 1000 items. Upgrade to restore it.',
    });
    expect(restoreLimitNotice('power', { rooms: 6, units: 1, items: 1 })?.message).toBe(
      'This backup holds 6 rooms; your Power Seller plan allows 5 rooms. Upgrade to restore it.',
    );
    // exactly at the limit fits: the restore replaces what is there
    expect(restoreLimitNotice('power', { rooms: 5, units: 50, items: 1000 })).toBeNull();
    expect(restoreLimitNotice('elite', { rooms: 6, units: 60, items: 1200 })).toBeNull();
  });
});

describe('restoreOneLimitNotice', () => {
  it('adds what one thing brings to what the stockroom holds now', () => {
    const usage = { rooms: 1, units: 50, items: 995 };
    expect(restoreOneLimitNotice('power', usage, restoreAdds('unit', 3))).toEqual({
      blocked: true,
      message:
        'Restoring this adds 1 storage unit; your Power Seller plan has room for no more storage units. Upgrade to restore it.',
    });
    expect(restoreOneLimitNotice('power', usage, restoreAdds('shelf', 7))?.message).toBe(
      'Restoring this adds 7 items; your Power Seller plan has room for 5 more items. Upgrade to restore it.',
    );
    // an item's count is its quantity: it brings back one item row
    expect(restoreAdds('item', 40)).toEqual({ rooms: 0, units: 0, items: 1 });
    expect(restoreOneLimitNotice('power', usage, restoreAdds('item', 40))).toBeNull();
    expect(restoreOneLimitNotice('power', usage, restoreAdds('shelf', 5))).toBeNull();
  });
});
