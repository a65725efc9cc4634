/** The settings tabs, in order, as ?tab= values (docs/product.md#routes). */
export const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'barcode', label: 'Barcode' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'security', label: 'Security' },
  { id: 'backups', label: 'Backups' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'general';

/** The tab a ?tab= value asks for; an unknown or missing one opens the first tab. */
export function settingsTabFrom(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_SETTINGS_TAB;
}
