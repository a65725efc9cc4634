import { LogsScreen } from '../../features/activity-log';

export default function LogsPage() {
  return <LogsScreen />;
}
