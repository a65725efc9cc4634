// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  currentPlanId,
  isOverdue,
} from '../../../../src/features/subscription/subscription-status';

describe('subscription status', () => {
  it('is overdue only when past_due', () => {
    expect(isOverdue({ plan_id: 'growing', status: 'past_due' })).toBe(true);
    expect(isOverdue({ plan_id: 'growing', status: 'active' })).toBe(false);
    expect(isOverdue(null)).toBe(false);
    expect(isOverdue(undefined)).toBe(false);
  });

  it('falls back to the free plan without a subscription row', () => {
    expect(currentPlanId({ plan_id: 'elite', status: 'active' })).toBe('elite');
    expect(currentPlanId(null)).toBe('free');
    expect(currentPlanId({ plan_id: null, status: null })).toBe('free');
  });
});
