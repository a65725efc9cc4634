// The public face of the subscription feature; other features import from here only.
export { SubscriptionBanner } from './subscription-banner';
export { CurrentPlanBadge } from './current-plan-badge';
export { isOverdue, currentPlanId } from './subscription-status';
