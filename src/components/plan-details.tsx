import { PLAN_FEATURES, type Plan, type PlanFeature, type PlanId } from '../domain/plans';
import { seatsOf } from '../domain/team';
import { getEnv } from '../lib/env';
import { formatCount } from '../lib/format';

function configuredPrices(): Readonly<Record<string, string>> {
  try {
    return getEnv().planPrices;
  } catch {
    // A missing setting elsewhere (the Supabase URL) is reported by the app's start, not here.
    return {};
  }
}

/**
 * A plan's price as configured (VITE_PLAN_PRICES, docs/product.md#plans): the specification
 * gives no figures, so a paid plan without one says so rather than showing an invented number.
 */
export function planPriceLabel(planId: PlanId): string | undefined {
  const label = configuredPrices()[planId];
  if (label) return label;
  return planId === 'free' ? 'No charge' : undefined;
}

/** The price line of a plan card, on the pricing page and in Settings alike. */
export function PlanPrice({ planId }: { planId: PlanId }) {
  const price = planPriceLabel(planId);
  return (
    <p
      className={price ? 'plan__price' : 'plan__price plan__price--unknown'}
      data-testid={`plan-price-${planId}`}
    >
      {price ?? 'Price shown at checkout'}
    </p>
  );
}

/** What each plan-gated feature is, in a seller's words (docs/product.md#plans). */
export const FEATURE_LABELS: Readonly<Record<PlanFeature, string>> = {
  view_3d: '3D view of your rooms',
  listings: 'eBay listings on your shelves',
  barcode_scanning: 'Barcode scanning',
  restore_backup: 'Restore from backup',
  orders: 'eBay orders',
};

/** Features every plan has: no plan gates these (docs/product.md#plans). */
export const EVERY_PLAN_INCLUDES: readonly string[] = [
  'Rooms, isles, units and numbered shelves',
  'Item search by name or barcode',
  'CSV import and export',
  'Drag-and-drop moves',
  'Barcode labels',
  'Expiry reminders',
  'Activity log',
  'Colour schemes',
  'Daily backups, kept for 3 days',
];

export function PlanLimits({ plan }: { plan: Plan }) {
  return (
    <dl data-testid={`plan-limits-${plan.id}`}>
      <dt>Items</dt>
      <dd>{formatCount(plan.limits.items)}</dd>
      <dt>Storage units</dt>
      <dd>{formatCount(plan.limits.units)}</dd>
      <dt>Rooms</dt>
      <dd>{formatCount(plan.limits.rooms)}</dd>
      <dt>Team seats</dt>
      <dd data-testid={`plan-seats-${plan.id}`}>
        {formatCount(seatsOf(plan.id))} (owner included)
      </dd>
    </dl>
  );
}

export function PlanFeatures({ plan }: { plan: Plan }) {
  return (
    <ul className="feature-list" data-testid={`plan-features-${plan.id}`}>
      {PLAN_FEATURES.map((feature) => {
        const included = plan.features[feature];
        return (
          <li key={feature} className={included ? 'yes' : 'no'}>
            <span>
              {FEATURE_LABELS[feature]}
              <span className="visually-hidden">{included ? ': included' : ': not included'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
