import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NeedsConnection } from '../../components/offline-notice';
import { notify } from '../../components/toasts';
import { PLANS, type PlanId } from '../../domain/plans';
import { errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { useAccountId } from '../account';
import { useAuth } from '../auth';
import { currentPlanId } from '../subscription';
import { useSubscription } from '../../data/subscription/get-subscription';
import { BillingError } from '../../data/billing/billing-functions';
import { createCheckoutSession } from '../../data/billing/create-checkout-session';
import { leaveFor } from './leave-for';

/**
 * The pricing page's button for a paid plan. A signed-in seller on Free goes straight to Stripe
 * Checkout; anyone already paying manages changes in Settings › Subscription, where the
 * consequences (proration, cancellation at period end) are spelled out.
 */
export function UpgradeButton({ planId }: { planId: Exclude<PlanId, 'free'> }) {
  const { status } = useAuth();
  // The plan of the account the seller acts on: checkout is for that account (its owner's).
  const subscription = useSubscription(useAccountId());
  const [busy, setBusy] = useState(false);
  const offline = useOffline();
  const name = PLANS[planId].name;

  if (status !== 'authenticated') {
    return (
      <Link to="/signup" className="button button--primary button--block">
        Sign up to upgrade
      </Link>
    );
  }
  const onFree =
    currentPlanId(subscription.data) === 'free' || subscription.data?.status === 'canceled';
  if (!onFree) {
    return (
      <Link
        to="/dashboard/settings?tab=subscription"
        className="button button--primary button--block"
      >
        Choose {name}
      </Link>
    );
  }

  async function upgrade() {
    setBusy(true);
    try {
      leaveFor(await createCheckoutSession(planId));
    } catch (error) {
      setBusy(false);
      notify(
        error instanceof BillingError && error.invalidPlan
          ? messages.invalidPlan()
          : messages.subscriptionError(errorMessage(error)),
      );
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => void upgrade()}
        disabled={busy || subscription.isPending || offline}
        data-testid={`upgrade-${planId}`}
      >
        {busy ? 'Opening checkout…' : `Upgrade to ${name}`}
      </button>
      <NeedsConnection need="billing" compact />
    </>
  );
}
