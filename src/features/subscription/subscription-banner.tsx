import { OverdueBanner } from '../../components/overdue-banner';
import { useAccountId } from '../account';
import { useSubscription } from '../../data/subscription/get-subscription';
import { isOverdue } from './subscription-status';

/** The overdue banner above every route, for a signed-in user whose payment is past due. */
export function SubscriptionBanner() {
  // The account's row: only its owner can read it, so only the owner is told.
  const accountId = useAccountId();
  const { data } = useSubscription(accountId);
  if (!accountId || !isOverdue(data)) return null;
  return <OverdueBanner deadlineDate={data?.deadline_date} />;
}
