import { Link } from 'react-router-dom';
import { PlanFeatures, PlanLimits } from '../../components/plan-details';
import { getPlan } from '../../domain/plans';
import { useAuth } from '../auth';
import { currentPlanId, useSubscription } from '../subscription';

/**
 * The subscription tab until the billing feature's own screen (SubscriptionSettings, built under
 * the billing issue) takes its place: which plan the seller is on and where to compare plans.
 */
export function SubscriptionTab() {
  const { user } = useAuth();
  const subscription = useSubscription(user?.id);
  if (subscription.isPending) return <p className="muted">Loading your plan…</p>;
  const plan = getPlan(currentPlanId(subscription.data));
  return (
    <section className="settings__stack" data-testid="settings-subscription">
      <p data-testid="subscription-plan">
        You are on the <strong>{plan.name}</strong> plan.
      </p>
      <PlanLimits plan={plan} />
      <PlanFeatures plan={plan} />
      <p>
        <Link to="/pricing">Compare plans</Link>
      </p>
    </section>
  );
}
