import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import {
  EVERY_PLAN_INCLUDES,
  PlanFeatures,
  PlanLimits,
  PlanPrice,
} from '../components/plan-details';
import { PLAN_IDS, PLANS } from '../domain/plans';
import { useAuth } from '../features/auth';
import { UpgradeButton } from '../features/billing';

export function PricingPage() {
  useDocumentTitle('Pricing');
  const { status } = useAuth();
  const signedIn = status === 'authenticated';

  return (
    <div className="page" data-testid="pricing-page">
      <h1>Pricing</h1>
      <p className="lead">
        Start free and move up when your stockroom grows. Plans differ in how much you can store and
        which features you can use.
      </p>

      <div className="plans">
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          return (
            <section
              key={id}
              className="card plan"
              aria-labelledby={`plan-${id}-title`}
              data-testid={`plan-${id}`}
            >
              <h2 id={`plan-${id}-title`}>{plan.name}</h2>
              <PlanPrice planId={id} />
              <PlanLimits plan={plan} />
              <PlanFeatures plan={plan} />
              {id === 'free' ? (
                <Link
                  to={signedIn ? '/dashboard/inventory' : '/signup'}
                  className="button button--secondary button--block"
                >
                  {signedIn ? 'Go to your dashboard' : 'Start free'}
                </Link>
              ) : (
                <UpgradeButton planId={id} />
              )}
            </section>
          );
        })}
      </div>

      <section className="section card" aria-labelledby="every-plan-title">
        <h2 id="every-plan-title">Every plan includes</h2>
        <ul className="feature-list">
          {EVERY_PLAN_INCLUDES.map((feature) => (
            <li key={feature} className="yes">
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <p className="muted">
          Upgrades and changes between paid plans apply immediately. Moving back to Free takes
          effect at the end of the billing period. Payments are handled by Stripe.
        </p>
      </section>
    </div>
  );
}
