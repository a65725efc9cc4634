// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planLimitToast, planLimitToastFromError } from '../../../../src/data/storage/plan-limit';

const dbError = (kind: string, plan: string, limit: number, text: string) => ({
  code: 'P0001',
  message: `PLAN_LIMIT_REACHED: ${text}`,
  details: JSON.stringify({ kind, plan, limit }),
  hint: 'Visit the pricing page to upgrade your plan',
});

describe('plan limit toasts', () => {
  it('pre-checks use the catalogue text for the plan', () => {
    expect(planLimitToast('units', 'free')).toEqual({
      kind: 'error',
      title: 'Plan Limit Reached',
      message: 'You can only add up to 3 units in your current plan',
    });
    expect(planLimitToast('items', 'free').message).toBe(
      'Your free plan only allows 100 items. Visit the pricing page to upgrade your plan',
    );
    expect(planLimitToast('rooms', 'growing').message).toBe(
      'Your growing plan is limited to 2 rooms. Please upgrade to add more',
    );
  });

  it('a database refusal shows the limit and plan the server enforced', () => {
    // The screen may think the seller is on free while the server already knows better.
    const toast = planLimitToastFromError(
      dbError('units', 'power', 50, 'You can only add up to 50 units in your current plan'),
      'free',
    );
    expect(toast?.message).toBe('You can only add up to 50 units in your current plan');
    expect(planLimitToastFromError(dbError('rooms', 'free', 1, 'x'), 'free')?.message).toBe(
      'Your free plan is limited to 1 room. Please upgrade to add more',
    );
    expect(planLimitToastFromError(dbError('items', 'elite', 5000, 'x'), 'free')?.message).toBe(
      'Your elite plan only allows 5000 items. Visit the pricing page to upgrade your plan',
    );
  });

  it('without the JSON detail, reads the kind from the message', () => {
    const toast = planLimitToastFromError(
      { message: 'PLAN_LIMIT_REACHED: You can only add up to 3 units in your current plan' },
      'free',
    );
    expect(toast?.message).toBe('You can only add up to 3 units in your current plan');
  });

  it('other errors are not plan limits', () => {
    expect(planLimitToastFromError({ message: 'duplicate key', code: '23505' }, 'free')).toBeNull();
    expect(planLimitToastFromError(new Error('boom'), 'free')).toBeNull();
    expect(planLimitToastFromError(null, 'free')).toBeNull();
  });
});
