// The public face of the activity log; other code imports from here only.
export { LogsScreen } from './logs-screen';
export { activityLogKeys } from '../../data/activity-log/keys';
export { actionLabel, readableDetails, LOG_ACTIONS, type LogAction } from './log-actions';
