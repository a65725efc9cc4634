import { PlanFeatures, PlanLimits, PlanPrice } from '../../components/plan-details';
import { PLAN_IDS, PLANS, type PlanId } from '../../domain/plans';
import { actionLabel, isUpgrade, planAction, type BillingState } from './plan-change';

export interface PlanOptionsProps {
  state: BillingState;
  busy: boolean;
  onChoose: (plan: PlanId) => void;
}

/** Every plan with what choosing it would do for this seller. */
export function PlanOptions({ state, busy, onChoose }: PlanOptionsProps) {
  return (
    <div className="plans" data-testid="billing-plans">
      {PLAN_IDS.map((id) => {
        const action = planAction(state, id);
        const inert = action === 'current' || action === 'scheduled' || action === 'unavailable';
        const current = action === 'current' || action === 'reactivate';
        // Only a step up is the card's call to action; a step down is offered, not urged.
        const stepUp =
          action === 'checkout' ||
          action === 'reactivate' ||
          (action === 'change' && isUpgrade(state.planId, id));
        return (
          <section
            key={id}
            className={`card plan${current ? ' plan--current' : ''}`}
            aria-labelledby={`billing-plan-${id}`}
            data-testid={`billing-plan-${id}`}
          >
            <h3 id={`billing-plan-${id}`}>
              {PLANS[id].name}
              {current ? <span className="badge"> Your plan</span> : null}
            </h3>
            <PlanPrice planId={id} />
            <PlanLimits plan={PLANS[id]} />
            <PlanFeatures plan={PLANS[id]} />
            <button
              type="button"
              className={`button button--block plan__action ${
                !inert && stepUp ? 'button--primary' : 'button--secondary'
              }`}
              disabled={inert || busy}
              onClick={() => onChoose(id)}
              data-testid={`choose-plan-${id}`}
            >
              {actionLabel(action, id, state.planId)}
            </button>
          </section>
        );
      })}
    </div>
  );
}
