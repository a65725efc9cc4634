import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/document-title';
import { PlanFeatures, PlanLimits } from '../../components/plan-details';
import { getPlan } from '../../domain/plans';
import { useAuth } from '../auth';
import { currentPlanId, useSubscription } from '../subscription';

/**
 * The spec does not show the team screen and defines no team roles, so this screen says what
 * is true: the account has one owner, and what their plan includes. No invite button that
 * would do nothing.
 */
export function TeamPage() {
  useDocumentTitle('Team');
  const { user } = useAuth();
  const subscription = useSubscription(user?.id);
  const plan = getPlan(currentPlanId(subscription.data));

  return (
    <section className="screen" data-testid="team-page" aria-labelledby="team-title">
      <header className="screen__header">
        <h1 id="team-title">Team</h1>
        <p>Who has access to this stockroom, and what the account's plan includes.</p>
      </header>

      <div className="grid">
        <section className="card" aria-labelledby="team-owner-title" data-testid="team-owner">
          <h2 id="team-owner-title">Account owner</h2>
          <p>
            <strong data-testid="team-owner-name">{user?.name}</strong>
            <br />
            <span className="muted" data-testid="team-owner-email">
              {user?.email}
            </span>
          </p>
          <p className="badge">Owner</p>
          <p className="muted">
            A Stockroom account belongs to one seller: everything stored in it is visible only to
            you. Shared team access is not part of any plan.
          </p>
        </section>

        <section className="card plan" aria-labelledby="team-plan-title" data-testid="team-plan">
          <h2 id="team-plan-title">{plan.name} plan</h2>
          <PlanLimits plan={plan} />
          <PlanFeatures plan={plan} />
          <p>
            <Link to="/dashboard/settings?tab=subscription">Manage subscription</Link> ·{' '}
            <Link to="/pricing">Compare plans</Link>
          </p>
        </section>
      </div>
    </section>
  );
}
