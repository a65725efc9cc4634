// The public face of the notifications feature; other features import from here only.
export { NotificationsBell } from './notifications-bell';
export { useExpiryNotifications } from './use-expiry-notifications';
