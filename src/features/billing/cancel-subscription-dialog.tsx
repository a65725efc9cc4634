import { useRef } from 'react';
import { Dialog } from '../../components/dialog';
import { NeedsConnection } from '../../components/offline-notice';
import { PLANS } from '../../domain/plans';
import { useOffline } from '../../lib/online';
import { describeExcess, excessFor, type Usage } from './plan-change';

export interface CancelSubscriptionDialogProps {
  open: boolean;
  planName: string;
  usage: Usage | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Cancelling (or choosing Free) ends the paid plan at the end of the billing period
 * (docs/product.md#billing). The dialog says what the seller keeps until then, what Free allows,
 * and what happens to anything stored beyond it.
 */
export function CancelSubscriptionDialog({
  open,
  planName,
  usage,
  busy,
  onConfirm,
  onClose,
}: CancelSubscriptionDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const offline = useOffline();
  const free = PLANS.free;
  const excess = usage ? excessFor('free', usage) : [];
  return (
    <Dialog
      open={open}
      title="Cancel subscription"
      onClose={onClose}
      initialFocusRef={keepRef}
      role="alertdialog"
      testId="cancel-subscription-dialog"
      footer={
        <>
          {/* Boilerplate: a dialog footer with its own keep and confirm buttons, texts and test ids. */}
          <button
            ref={keepRef}
            type="button"
            className="button button--secondary"
            onClick={onClose}
          >
            Keep {planName}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={busy || offline}
            data-testid="cancel-subscription-confirm"
          >
            {busy ? 'Cancelling…' : 'Cancel subscription'}
          </button>
          <NeedsConnection need="billing" compact />
        </>
      }
    >
      <p>
        Your {planName} plan stays active until the end of the current billing period. Then your
        account moves to Free: up to {free.limits.items} items, {free.limits.units} storage units
        and {free.limits.rooms} room. You can reactivate until the period ends.
      </p>
      {excess.length > 0 ? (
        <p className="notice notice--error" data-testid="cancel-subscription-excess">
          You store more than Free allows ({describeExcess(excess)} over). After the move you cannot
          add more, and you can archive the excess: a backup is kept and the newest rooms, units and
          items beyond the limits are removed.
        </p>
      ) : null}
    </Dialog>
  );
}
