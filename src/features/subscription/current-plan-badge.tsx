import { Link } from 'react-router-dom';
import { useCan, useCurrentAccount } from '../account';
import { planName } from '../../domain/plans';

/**
 * The current account's plan in the dashboard header (a member sees the plan of the account
 * they act on), linking to the subscription settings for the owner.
 */
export function CurrentPlanBadge() {
  const { planId, isLoading } = useCurrentAccount();
  const owner = useCan('billing');
  const label = isLoading ? 'Loading plan…' : `${planName(planId)} plan`;
  if (!owner)
    return (
      <span className="plan-badge" data-testid="current-plan" aria-label={`Current plan: ${label}`}>
        {label}
      </span>
    );
  return (
    <Link
      to="/dashboard/settings?tab=subscription"
      className="plan-badge"
      data-testid="current-plan"
      aria-label={`Current plan: ${label}. Manage subscription`}
    >
      {label}
    </Link>
  );
}
