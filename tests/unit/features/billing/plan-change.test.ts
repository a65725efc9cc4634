// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  describeExcess,
  excessFor,
  isCancelScheduled,
  isUpgrade,
  planAction,
  type BillingState,
} from '../../../../src/features/billing/plan-change';

const free: BillingState = { planId: 'free', status: 'active', cancelAt: null };
const growing: BillingState = { planId: 'growing', status: 'active', cancelAt: null };
const cancelling: BillingState = { ...growing, cancelAt: '2026-12-22T00:00:00Z' };
const overdue: BillingState = { planId: 'power', status: 'past_due', cancelAt: null };
const ended: BillingState = { planId: 'free', status: 'canceled', cancelAt: null };

describe('planAction (plan changes)', () => {
  it('from Free, every paid plan goes through checkout', () => {
    expect(planAction(free, 'free')).toBe('current');
    expect(planAction(free, 'growing')).toBe('checkout');
    expect(planAction(free, 'elite')).toBe('checkout');
    expect(planAction(ended, 'power')).toBe('checkout');
    expect(planAction({ planId: null, status: null, cancelAt: null }, 'growing')).toBe('checkout');
  });

  it('between paid plans the change applies at once; Free means cancelling at period end', () => {
    expect(planAction(growing, 'growing')).toBe('current');
    expect(planAction(growing, 'elite')).toBe('change');
    expect(planAction({ ...growing, planId: 'elite' }, 'power')).toBe('change');
    expect(planAction(growing, 'free')).toBe('cancel');
  });

  it('a scheduled cancellation can be undone by choosing the plan again', () => {
    expect(isCancelScheduled(cancelling)).toBe(true);
    expect(planAction(cancelling, 'growing')).toBe('reactivate');
    expect(planAction(cancelling, 'free')).toBe('scheduled');
    expect(planAction(cancelling, 'power')).toBe('change');
  });

  it('while a payment is overdue only Manage Billing helps', () => {
    expect(planAction(overdue, 'power')).toBe('current');
    expect(planAction(overdue, 'elite')).toBe('unavailable');
    expect(planAction(overdue, 'free')).toBe('unavailable');
  });

  it('labels say what the button does', () => {
    expect(actionLabel('checkout', 'growing', 'free')).toBe('Upgrade to Growing Seller');
    expect(actionLabel('change', 'elite', 'growing')).toBe('Upgrade to Elite Seller');
    expect(actionLabel('change', 'growing', 'elite')).toBe('Switch to Growing Seller');
    expect(actionLabel('cancel', 'free', 'power')).toBe('Switch to Free');
    expect(actionLabel('reactivate', 'power', 'power')).toBe('Keep Power Seller');
    expect(actionLabel('current', 'free', 'free')).toBe('Current plan');
  });

  it('ranks plans Free < Growing < Power < Elite', () => {
    expect(isUpgrade('free', 'growing')).toBe(true);
    expect(isUpgrade('elite', 'power')).toBe(false);
    expect(isUpgrade('power', 'power')).toBe(false);
    expect(isUpgrade(undefined, 'growing')).toBe(true);
  });
});

describe('excessFor', () => {
  it('lists only what is over each limit of the plan', () => {
    expect(excessFor('free', { items: 100, units: 3, rooms: 1 })).toEqual([]);
    expect(excessFor('free', { items: 115, units: 5, rooms: 2 })).toEqual([
      { kind: 'items', count: 115, limit: 100, over: 15 },
      { kind: 'units', count: 5, limit: 3, over: 2 },
      { kind: 'rooms', count: 2, limit: 1, over: 1 },
    ]);
    expect(excessFor('growing', { items: 501, units: 20, rooms: 2 })).toEqual([
      { kind: 'items', count: 501, limit: 500, over: 1 },
    ]);
  });

  it('describes the excess in words', () => {
    expect(describeExcess(excessFor('free', { items: 101, units: 5, rooms: 2 }))).toBe(
      '1 item, 2 units, 1 room',
    );
    expect(describeExcess([])).toBe('');
  });
});
