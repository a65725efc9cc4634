import { Link } from 'react-router-dom';
import { minimumPlanFor } from '../../domain/plans';

/**
 * Shown instead of the canvas on plans without the 3D view (Free). Part of the light entry
 * (index.ts), so a free account never downloads three.js.
 */
export function Room3DUpgradePrompt() {
  const plan = minimumPlanFor('view_3d');
  return (
    <section className="card room-3d__upgrade" data-testid="room-3d-upgrade">
      <h2>See your stockroom in 3D</h2>
      <p>
        The 3D view shows your rooms, isles, units and how full every shelf is, and lets you lay out
        the floor as it really is. It is part of the {plan.name} plan and above.
      </p>
      <p className="hero__actions">
        <Link className="button button--primary" to="/dashboard/settings?tab=subscription">
          Upgrade your plan
        </Link>
        <Link className="button button--secondary" to="/pricing">
          Compare plans
        </Link>
      </p>
    </section>
  );
}
