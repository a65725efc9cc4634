import { ScreenPlaceholder } from './screen-placeholder';

export default function LogsPage() {
  return (
    <ScreenPlaceholder
      title="Activity Log"
      testId="logs-page"
      purpose="A record of changes to your stock: items added, moved, updated, removed and imported, and storage added or removed."
    />
  );
}
