import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { useProcessingOverlay } from '../../components/processing-overlay';
import { NeedsConnection } from '../../components/offline-notice';
import { notify } from '../../components/toasts';
import { getPlan, PLANS, type PlanId } from '../../domain/plans';
import { errorMessage } from '../../lib/errors';
import { countOf, formatLongDate } from '../../lib/format';
import { messages, texts } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { useAccountId } from '../account';
import { useSubscription } from '../../data/subscription/get-subscription';
import { BillingError } from '../../data/billing/billing-functions';
import {
  useArchiveExcessStorage,
  type ArchiveResult,
} from '../../data/billing/archive-excess-storage';
import { useCancelSubscription } from '../../data/billing/cancel-subscription';
import { useChangePlan } from '../../data/billing/change-plan';
import { createBillingPortalSession } from '../../data/billing/create-billing-portal-session';
import { createCheckoutSession } from '../../data/billing/create-checkout-session';
import { useUsage } from '../../data/billing/usage';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { leaveFor } from './leave-for';
import {
  describeExcess,
  excessFor,
  isCancelScheduled,
  isPaidPlan,
  isUpgrade,
  planAction,
  type BillingState,
} from './plan-change';
import { PlanOptions } from './plan-options';
import { UsageMeters } from './usage-panel';
import './billing.css';

const STATUS_LABELS: Readonly<Record<string, string>> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  unpaid: 'Payment overdue',
  canceled: 'Ended',
  incomplete: 'Awaiting payment',
};

/** Stripe confirms checkout by webhook, usually within a second or two; we wait up to a minute. */
const CHECKOUT_POLL_MS = 1000;
const CHECKOUT_POLL_LIMIT = 60;

const isInvalidPlan = (error: unknown) => error instanceof BillingError && error.invalidPlan;

function archivedText(result: ArchiveResult): string {
  const { rooms, units, items } = result.removed;
  return `A backup of everything was kept, and ${countOf(rooms, 'room')}, ${countOf(units, 'unit')} and ${countOf(items, 'item')} over your plan's limits were removed.`;
}

interface PendingChange {
  plan: PlanId;
  excess: string;
}

/**
 * Settings › Subscription: the current plan and its status, usage against the plan's limits,
 * every plan with what choosing it does (checkout, immediate change, cancel at period end,
 * reactivate), Manage Billing (Stripe's portal) and archiving what is over the limits.
 */
export function SubscriptionSettings() {
  // The account's billing: only its owner sees this tab (RoleGate), and the functions act on it.
  const accountId = useAccountId();
  const [searchParams, setSearchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');
  const [polls, setPolls] = useState(0);
  const waitingForCheckout = checkout === 'success' && polls < CHECKOUT_POLL_LIMIT;

  const subscription = useSubscription(accountId, {
    pollEveryMs: waitingForCheckout ? CHECKOUT_POLL_MS : false,
  });
  const usage = useUsage(accountId);
  const overlay = useProcessingOverlay();
  const changePlan = useChangePlan(accountId);
  const cancel = useCancelSubscription(accountId);
  const archive = useArchiveExcessStorage(accountId);
  const offline = useOffline();

  const [cancelOpen, setCancelOpen] = useState(false);
  const [pendingChange, setPendingChange] = useState<PendingChange | null>(null);
  const [archiveOpen, setArchiveOpen] = useState(false);
  const [archiveNotice, setArchiveNotice] = useState<string | null>(null);

  const row = subscription.data;
  const state: BillingState = {
    planId: row?.plan_id,
    status: row?.status,
    cancelAt: row?.cancel_at,
  };
  const plan = getPlan(state.planId);
  const paid = isPaidPlan(state);
  const overdue = state.status === 'past_due' || state.status === 'unpaid';

  // Back from checkout: wait for the webhook to record the plan, then say so once.
  const announced = useRef(false);
  useEffect(() => {
    if (checkout !== 'success') return;
    if (paid && !announced.current) {
      announced.current = true;
      notify(messages.subscriptionUpdated(plan.name));
      setSearchParams({ tab: 'subscription' }, { replace: true });
    }
  }, [checkout, paid, plan.name, setSearchParams]);
  useEffect(() => {
    if (!waitingForCheckout || paid) return;
    const timer = window.setTimeout(() => setPolls((n) => n + 1), CHECKOUT_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [waitingForCheckout, paid, polls]);

  if (!accountId || subscription.isPending) {
    return (
      <>
        <NeedsConnection need="billing" />
        <p className="muted" data-testid="subscription-settings-loading">
          Loading your subscription…
        </p>
      </>
    );
  }
  if (subscription.isError) {
    return (
      <>
        <NeedsConnection need="billing" />
        <p className="notice notice--error" role="alert" data-testid="subscription-settings-error">
          Your subscription could not be loaded. Please reload the page.
        </p>
      </>
    );
  }

  const excessNow = usage.data ? excessFor(plan.id, usage.data) : [];

  async function startCheckout(target: PlanId) {
    overlay.show('Opening secure checkout…', `${PLANS[target].name}, paid through Stripe`);
    try {
      const url = await createCheckoutSession(target);
      leaveFor(url);
    } catch (error) {
      overlay.hide();
      notify(
        isInvalidPlan(error)
          ? messages.invalidPlan()
          : messages.subscriptionError(errorMessage(error)),
      );
    }
  }

  async function applyChange(target: PlanId, archiveAfter: boolean) {
    setPendingChange(null);
    try {
      await overlay.run(() => changePlan.mutateAsync(target), `Changing to ${PLANS[target].name}…`);
      notify(messages.subscriptionUpdated(PLANS[target].name));
    } catch (error) {
      if (isInvalidPlan(error)) notify(messages.invalidPlan());
      else {
        const detail = error instanceof BillingError ? error.detail : undefined;
        const toast = messages.updateError();
        notify(detail ? { ...toast, message: `${toast.message}: ${detail}` } : toast);
      }
      return;
    }
    if (archiveAfter) await runArchive();
  }

  async function runArchive() {
    setArchiveOpen(false);
    try {
      const result = await overlay.run(() => archive.mutateAsync(), 'Archiving excess storage…');
      setArchiveNotice(
        result.archived ? archivedText(result) : 'Everything fits your plan; nothing was removed.',
      );
    } catch (error) {
      notify(messages.genericError(errorMessage(error) ?? texts.archiveFailed));
    }
  }

  async function confirmCancel() {
    try {
      const result = await cancel.mutateAsync();
      setCancelOpen(false);
      const until = result.cancelAt
        ? formatLongDate(result.cancelAt)
        : 'the end of the billing period';
      notify({
        ...messages.subscriptionUpdated(),
        message: `Your ${plan.name} plan ends on ${until}. You can reactivate it until then.`,
      });
    } catch (error) {
      setCancelOpen(false);
      notify(messages.cancelError(errorMessage(error)));
    }
  }

  async function reactivate() {
    try {
      await overlay.run(() => changePlan.mutateAsync(plan.id), 'Reactivating your plan…');
      notify({
        ...messages.subscriptionUpdated(plan.name),
        message: `Your ${plan.name} plan will renew as usual.`,
      });
    } catch (error) {
      notify(messages.reactivationError(errorMessage(error)));
    }
  }

  async function openBillingPortal() {
    overlay.show('Opening billing…');
    try {
      leaveFor(await createBillingPortalSession());
    } catch (error) {
      overlay.hide();
      notify(messages.billingPortal(errorMessage(error)));
    }
  }

  function openCancelDialog() {
    if (!paid) {
      notify(messages.cancelDialog('There is no paid subscription to cancel'));
      return;
    }
    setCancelOpen(true);
  }

  function choose(target: PlanId) {
    switch (planAction(state, target)) {
      case 'checkout':
        void startCheckout(target);
        return;
      case 'cancel':
        openCancelDialog();
        return;
      case 'reactivate':
        void reactivate();
        return;
      case 'change': {
        const excess = usage.data ? excessFor(target, usage.data) : [];
        setPendingChange({ plan: target, excess: describeExcess(excess) });
        return;
      }
      default:
        notify(messages.invalidPlan());
    }
  }

  const busy = changePlan.isPending || cancel.isPending || archive.isPending;
  // Offline nothing here can reach Stripe or the server: the sentence below says so.
  const blocked = busy || offline;

  return (
    <section
      className="billing"
      data-testid="subscription-settings"
      aria-labelledby="billing-title"
    >
      {checkout === 'success' && !paid ? (
        <p className="notice" role="status" data-testid="checkout-pending">
          {waitingForCheckout
            ? 'Payment received. Activating your plan…'
            : 'Your payment is still being confirmed. This page will show your new plan once Stripe confirms it.'}
        </p>
      ) : null}
      {checkout === 'cancelled' ? (
        <p className="notice" role="status" data-testid="checkout-cancelled">
          Checkout was cancelled. Nothing was charged and your plan is unchanged.
        </p>
      ) : null}

      <NeedsConnection need="billing" />
      <div className="card billing__current">
        <h2 id="billing-title" className="billing__title">
          <span>
            Current plan: <strong data-testid="billing-current-plan">{plan.name}</strong>
          </span>
          {row?.status ? (
            <span className="badge" data-testid="billing-status">
              {STATUS_LABELS[row.status] ?? row.status}
            </span>
          ) : null}
        </h2>

        {overdue ? (
          <p className="notice notice--error" role="alert" data-testid="billing-overdue">
            Your last payment failed. Update your card under Manage Billing
            {row?.deadline_date ? ` before ${formatLongDate(row.deadline_date)}` : ''}, or your
            account moves to Free and storage beyond its limits is permanently deleted.
          </p>
        ) : null}

        {isCancelScheduled(state) ? (
          <div className="notice" data-testid="billing-cancel-scheduled">
            <p>
              Your {plan.name} plan ends on {formatLongDate(row!.cancel_at!)}. After that your
              account moves to Free.
            </p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void reactivate()}
              disabled={blocked}
              data-testid="reactivate-subscription"
            >
              Reactivate {plan.name}
            </button>
          </div>
        ) : null}

        <div className="billing__actions">
          {paid || overdue || row?.status === 'canceled' ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void openBillingPortal()}
              disabled={offline}
              data-testid="manage-billing"
            >
              Manage Billing
            </button>
          ) : null}
          {paid && !isCancelScheduled(state) && !overdue ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={openCancelDialog}
              disabled={offline}
              data-testid="cancel-subscription"
            >
              Cancel subscription
            </button>
          ) : null}
        </div>
      </div>

      <div className="card">
        <h3>Usage</h3>
        {usage.data ? (
          <UsageMeters planId={plan.id} usage={usage.data} />
        ) : usage.isError ? (
          <p className="muted">Usage could not be loaded.</p>
        ) : (
          <p className="muted">Counting your storage…</p>
        )}
        {excessNow.length > 0 ? (
          <div className="notice notice--error" data-testid="billing-excess">
            <p>
              You store more than the {plan.name} plan allows ({describeExcess(excessNow)} over).
              You cannot add more until you upgrade or archive the excess.
            </p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setArchiveOpen(true)}
              disabled={blocked}
              data-testid="archive-excess"
            >
              Archive excess storage
            </button>
          </div>
        ) : null}
        {archiveNotice ? (
          <p className="notice notice--success" role="status" data-testid="archive-result">
            {archiveNotice}
          </p>
        ) : null}
      </div>

      <div>
        <h3>
          Plans <NeedsConnection need="billing" compact />
        </h3>
        <PlanOptions state={state} busy={blocked} onChoose={choose} />
        <p className="muted">
          Upgrades and changes between paid plans apply at once; the difference for the current
          period is charged or credited. Moving to Free takes effect at the end of the billing
          period. Payments are handled by Stripe.
        </p>
      </div>

      <CancelSubscriptionDialog
        open={cancelOpen}
        planName={plan.name}
        usage={usage.data}
        busy={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onClose={() => setCancelOpen(false)}
      />
      <ConfirmDialog
        open={pendingChange !== null}
        title={pendingChange ? `Change to ${PLANS[pendingChange.plan].name}?` : 'Change plan?'}
        testId="plan-change-dialog"
        confirmLabel="Change plan"
        busy={blocked}
        onCancel={() => setPendingChange(null)}
        onConfirm={() => {
          if (pendingChange) void applyChange(pendingChange.plan, pendingChange.excess !== '');
        }}
        message={
          pendingChange
            ? [
                isUpgrade(plan.id, pendingChange.plan)
                  ? 'The new plan starts now, and the difference for the rest of this billing period is charged to your card.'
                  : 'The new plan starts now, and unused time on your current plan is credited to your next invoices.',
                pendingChange.excess
                  ? ` You store more than it allows (${pendingChange.excess} over): a backup of everything is kept and the newest rooms, units and items beyond its limits are removed.`
                  : '',
              ].join('')
            : ''
        }
      />
      <ConfirmDialog
        open={archiveOpen}
        title="Archive excess storage?"
        testId="archive-dialog"
        confirmLabel="Archive"
        busy={blocked}
        onCancel={() => setArchiveOpen(false)}
        onConfirm={() => void runArchive()}
        message={`A backup of all your storage is kept, then the newest rooms, units and items beyond the ${plan.name} plan's limits (${describeExcess(excessNow)}) are removed.`}
      />
    </section>
  );
}
