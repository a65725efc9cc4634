import { Screen } from '../../components/screen';
import { SubscriptionSettings } from '../../features/billing';
import { SettingsScreen } from '../../features/settings';

export default function SettingsPage() {
  return (
    <Screen
      testId="settings-page"
      title="Settings"
      intro="Your preferences, reminders, colours, subscription, sign-in security and backups."
    >
      {/* The subscription tab is the billing feature's screen. */}
      <SettingsScreen subscription={<SubscriptionSettings />} />
    </Screen>
  );
}
