// The public face of the subscription feature; other features import from here only.
export { SubscriptionBanner } from './subscription-banner';
export { CurrentPlanBadge } from './current-plan-badge';
export {
  useSubscription,
  subscriptionQueryOptions,
  type Subscription,
} from '../../data/subscription/get-subscription';
export { subscriptionKeys } from '../../data/subscription/keys';
export { isOverdue, currentPlanId } from './subscription-status';
