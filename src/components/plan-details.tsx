import { PLAN_FEATURES, type Plan, type PlanFeature } from '../domain/plans';
import { formatCount } from '../lib/format';

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
