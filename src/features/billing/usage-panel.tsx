import { getPlan, type LimitKind } from '../../domain/plans';
import { formatCount } from '../../lib/format';
import type { Usage } from './plan-change';

const LABELS: Readonly<Record<LimitKind, string>> = {
  items: 'Items',
  units: 'Storage units',
  rooms: 'Rooms',
};

const KINDS: readonly LimitKind[] = ['items', 'units', 'rooms'];

/** How much the seller stores against each limit of their plan. */
export function UsageMeters({ planId, usage }: { planId: string; usage: Usage }) {
  const plan = getPlan(planId);
  return (
    <div className="billing__usage" data-testid="billing-usage">
      {KINDS.map((kind) => {
        const count = usage[kind];
        const limit = plan.limits[kind];
        const over = count > limit;
        const share = Math.min(100, Math.round((count / limit) * 100));
        return (
          <div
            key={kind}
            className={`usage-meter${over ? ' usage-meter--over' : ''}`}
            data-testid={`usage-${kind}`}
          >
            <div className="usage-meter__label">
              <span id={`usage-${kind}-label`}>{LABELS[kind]}</span>
              <span data-testid={`usage-${kind}-count`}>
                {formatCount(count)} of {formatCount(limit)}
              </span>
            </div>
            <div
              className="usage-meter__bar"
              role="meter"
              aria-labelledby={`usage-${kind}-label`}
              aria-valuemin={0}
              aria-valuemax={limit}
              aria-valuenow={count}
              aria-valuetext={`${formatCount(count)} of ${formatCount(limit)}${over ? ', over the limit' : ''}`}
            >
              <div className="usage-meter__fill" style={{ width: `${share}%` }} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
