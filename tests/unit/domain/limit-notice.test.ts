// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { limitNotice } from '../../../src/domain/limit-notice';

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
