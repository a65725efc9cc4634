import { ScreenPlaceholder } from './screen-placeholder';

export default function SettingsPage() {
  return (
    <ScreenPlaceholder
      title="Settings"
      testId="settings-page"
      purpose="Your preferences (currency, date format, expiry reminders, colours, barcode and eBay options) and your subscription."
    />
  );
}
