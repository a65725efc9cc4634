// The public face of the settings feature; other features import from here only.
export { SettingsScreen } from './settings-screen';
export { preferencesQueryOptions, getPreferences } from './get-preferences';
export { usePreferences } from './use-preferences';
export { useSavePreferences } from './save-preferences';
export { settingsKeys } from './keys';
export { DEFAULT_PREFERENCES, preferencesFromRow, type Preferences } from './preferences';
export { SETTINGS_TABS, settingsTabFrom, type SettingsTab } from './settings-tabs';
