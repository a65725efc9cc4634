import { Link } from 'react-router-dom';
import { formatLongDate } from '../lib/format';

export const MANAGE_BILLING_PATH = '/dashboard/settings?tab=subscription';

/**
 * The red banner shown above every route while the subscription is past_due
 * (docs/product.md#overdue-payments).
 * Without a deadline date it still warns, but does not invent one.
 */
export function OverdueBanner({ deadlineDate }: { deadlineDate: string | null | undefined }) {
  const deadline = deadlineDate ? formatLongDate(deadlineDate) : '';
  return (
    <div className="overdue-banner" role="alert" data-testid="overdue-banner">
      <p>
        <strong>Your payment is overdue.</strong> Please update your card under{' '}
        <Link to={MANAGE_BILLING_PATH}>Manage Billing</Link>. If payment is not received by{' '}
        {deadline ? <strong data-testid="overdue-deadline">{deadline}</strong> : 'the deadline'},
        your account will be downgraded to the Free plan and items, rooms and units beyond its
        limits will be permanently deleted.
      </p>
    </div>
  );
}
