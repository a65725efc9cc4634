// The public face of the notifications feature; other features import from here only.
export { NotificationsBell } from './notifications-bell';
export { useExpiryNotifications } from './use-expiry-notifications';
// Screens that change expiry dates can invalidate these to re-run the check at once.
export { notificationKeys } from '../../data/notifications/keys';
