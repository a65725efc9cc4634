import { OverdueBanner } from '../../components/overdue-banner';
import { useAuth } from '../auth';
import { useSubscription } from '../../data/subscription/get-subscription';
import { isOverdue } from './subscription-status';

/** The overdue banner above every route, for a signed-in user whose payment is past due. */
export function SubscriptionBanner() {
  const { user } = useAuth();
  const { data } = useSubscription(user?.id);
  if (!user || !isOverdue(data)) return null;
  return <OverdueBanner deadlineDate={data?.deadline_date} />;
}
