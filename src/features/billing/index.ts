// The public face of the billing feature; other features and pages import from here only.
export { SubscriptionSettings } from './subscription-settings';
export { UpgradeButton } from './upgrade-button';
