import { getPlan, PLAN_IDS, PLANS, type LimitKind, type PlanId, type Usage } from '../../domain/plans';

/**
 * What choosing a plan means for a seller in a given state (docs/product.md#billing), decided in
 * one pure place so the buttons, the dialogs and the tests agree:
 * - checkout: from Free to a paid plan, Stripe needs a card first;
 * - change: between paid plans, applied at once with proration;
 * - cancel: to Free, at the end of the billing period;
 * - reactivate: the current plan again while its cancellation is scheduled;
 * - current: nothing to do; scheduled: Free is already coming at the end of the period;
 *   unavailable: not while a payment is overdue.
 */
export type PlanAction =
  'checkout' | 'change' | 'cancel' | 'reactivate' | 'current' | 'scheduled' | 'unavailable';

export interface BillingState {
  planId: string | null | undefined;
  status: string | null | undefined;
  cancelAt: string | null | undefined;
}

export function isPaidPlan(state: BillingState): boolean {
  return getPlan(state.planId).id !== 'free' && state.status !== 'canceled';
}

export function isCancelScheduled(state: BillingState): boolean {
  return isPaidPlan(state) && Boolean(state.cancelAt);
}

export function planAction(state: BillingState, target: PlanId): PlanAction {
  const current = getPlan(state.planId).id;
  const paid = isPaidPlan(state);
  if (!paid) return target === 'free' ? 'current' : 'checkout';
  if (state.status === 'past_due' || state.status === 'unpaid') {
    return target === current ? 'current' : 'unavailable';
  }
  if (target === current) return isCancelScheduled(state) ? 'reactivate' : 'current';
  if (target === 'free') return isCancelScheduled(state) ? 'scheduled' : 'cancel';
  return 'change';
}

/** Whether a plan ranks above another (Free < Growing < Power < Elite). */
export function isUpgrade(from: string | null | undefined, to: PlanId): boolean {
  return PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(getPlan(from).id);
}

export type { Usage } from '../../domain/plans';

export interface Excess {
  kind: LimitKind;
  count: number;
  limit: number;
  over: number;
}

const KINDS: readonly LimitKind[] = ['items', 'units', 'rooms'];

/** What a seller holds beyond a plan's limits (empty when everything fits). */
export function excessFor(planId: string | null | undefined, usage: Usage): Excess[] {
  const plan = getPlan(planId);
  return KINDS.flatMap((kind) => {
    const limit = plan.limits[kind];
    const count = usage[kind];
    return count > limit ? [{ kind, count, limit, over: count - limit }] : [];
  });
}

const NOUNS: Readonly<Record<LimitKind, [string, string]>> = {
  items: ['item', 'items'],
  units: ['unit', 'units'],
  rooms: ['room', 'rooms'],
};

export function describeExcess(excess: readonly Excess[]): string {
  return excess
    .map((e) => `${e.over} ${e.over === 1 ? NOUNS[e.kind][0] : NOUNS[e.kind][1]}`)
    .join(', ');
}

/** The label of a plan's button in the plan list. */
export function actionLabel(
  action: PlanAction,
  target: PlanId,
  from: string | null | undefined,
): string {
  const name = PLANS[target].name;
  switch (action) {
    case 'checkout':
      return `Upgrade to ${name}`;
    case 'change':
      return isUpgrade(from, target) ? `Upgrade to ${name}` : `Switch to ${name}`;
    case 'cancel':
      return 'Switch to Free';
    case 'reactivate':
      return `Keep ${name}`;
    case 'current':
      return 'Current plan';
    case 'scheduled':
      return 'Starts when your plan ends';
    case 'unavailable':
      return 'Pay the overdue invoice first';
  }
}
