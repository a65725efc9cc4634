import { useDocumentTitle } from '../../components/document-title';
import { SubscriptionSettings } from '../../features/billing';
import { SettingsScreen } from '../../features/settings';

export default function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <section className="screen" data-testid="settings-page" aria-labelledby="settings-page-title">
      <header className="screen__header">
        <h1 id="settings-page-title">Settings</h1>
        <p>Your preferences, reminders, colours, subscription, sign-in security and backups.</p>
      </header>
      {/* The subscription tab is the billing feature's screen. */}
      <SettingsScreen subscription={<SubscriptionSettings />} />
    </section>
  );
}
