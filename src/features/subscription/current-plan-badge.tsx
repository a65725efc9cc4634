import { Link } from 'react-router-dom';
import { useAuth } from '../auth';
import { useSubscription } from '../../data/subscription/get-subscription';
import { planName } from '../../domain/plans';
import { currentPlanId } from './subscription-status';

/** The current plan's name in the dashboard header, linking to the subscription settings. */
export function CurrentPlanBadge() {
  const { user } = useAuth();
  const subscription = useSubscription(user?.id);
  const label = subscription.isPending
    ? 'Loading plan…'
    : subscription.isError
      ? 'Plan unavailable'
      : `${planName(currentPlanId(subscription.data))} plan`;
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
