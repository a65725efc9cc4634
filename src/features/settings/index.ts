// The public face of the settings feature; other features import from here only. The
// preferences themselves are data (src/data/settings).
export { SettingsScreen } from './settings-screen';
export { SETTINGS_TABS, settingsTabFrom, type SettingsTab } from './settings-tabs';
