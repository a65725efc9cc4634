import { isPlanId, type PlanId } from '../../src/domain/plans.ts';
import type { StripeEnv } from './env.ts';

/** The plans sold through Stripe; Free has no price. */
export type PaidPlanId = Exclude<PlanId, 'free'>;
export const PAID_PLAN_IDS: readonly PaidPlanId[] = ['growing', 'power', 'elite'];

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return isPlanId(value) && value !== 'free';
}

/** Plan -> Stripe price id, from configuration (the same variables in production and locally). */
export function priceCatalogue(env: StripeEnv): Readonly<Record<PaidPlanId, string>> {
  return {
    growing: env.STRIPE_PRICE_GROWING,
    power: env.STRIPE_PRICE_POWER,
    elite: env.STRIPE_PRICE_ELITE,
  };
}

export function priceForPlan(env: StripeEnv, plan: PaidPlanId): string {
  return priceCatalogue(env)[plan];
}

/** The plan a Stripe price id sells, or null for a price that is not ours. */
export function planForPrice(
  env: StripeEnv,
  priceId: string | null | undefined,
): PaidPlanId | null {
  if (!priceId) return null;
  const catalogue = priceCatalogue(env);
  return PAID_PLAN_IDS.find((plan) => catalogue[plan] === priceId) ?? null;
}
