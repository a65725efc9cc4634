import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify } from '../../components/toasts';
import { errorMessage } from '../../lib/errors';
import { messages, texts } from '../../lib/messages';
import {
  can,
  RoleGate,
  useAccountId,
  useCan,
  useCurrentAccount,
  type RoleAction,
} from '../account';
import { BackupsPanel } from '../backups';
import { AppearanceSettings } from './appearance-settings';
import { BarcodeSettings } from './barcode-settings';
import { GeneralSettings } from './general-settings';
import { usePreferences } from '../../data/settings/get-preferences';
import { NotificationSettings } from './notification-settings';
import type { Preferences } from '../../data/settings/preferences';
import { SecuritySettings } from './security-settings';
import { SETTINGS_TABS, settingsTabFrom, type SettingsTab } from './settings-tabs';
import './settings.css';

/** Tabs whose content is the seller's preferences row. */
const PREFERENCE_TABS: Partial<Record<SettingsTab, (stored: Preferences) => ReactNode>> = {
  general: (stored) => <GeneralSettings stored={stored} />,
  notifications: (stored) => <NotificationSettings stored={stored} />,
  barcode: (stored) => <BarcodeSettings stored={stored} />,
  appearance: (stored) => <AppearanceSettings stored={stored} />,
};

function PreferencesTab({ tab }: { tab: SettingsTab }) {
  const preferences = usePreferences(useAccountId());
  const mayChange = useCan('change-preferences');
  const reported = useRef(false);
  useEffect(() => {
    // One toast per failure, not one per render or retry.
    if (preferences.isError && !reported.current) {
      reported.current = true;
      notify(messages.preferencesLoad(errorMessage(preferences.error)));
    }
    if (!preferences.isError) reported.current = false;
  }, [preferences.isError, preferences.error]);

  if (preferences.isPending) return <p className="muted">Loading your settings…</p>;
  if (preferences.isError)
    return (
      <div className="notice notice--error" role="alert" data-testid="settings-load-error">
        <p>Your settings could not be loaded.</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void preferences.refetch()}
        >
          Try again
        </button>
      </div>
    );
  // Keyed by what is stored, so the form starts again from the truth after every save.
  return (
    <div key={`${tab}:${JSON.stringify(preferences.data)}`}>
      {mayChange ? (
        PREFERENCE_TABS[tab]?.(preferences.data)
      ) : (
        // A picker sees the account's settings, read-only (the database refuses a change).
        <>
          <p className="notice" data-testid="settings-read-only">
            {texts.roleCannotChangeSettings}
          </p>
          <fieldset disabled className="settings__read-only">
            {PREFERENCE_TABS[tab]?.(preferences.data)}
          </fieldset>
        </>
      )}
    </div>
  );
}

/** Tabs only some roles see (domain/roles), and what the others read in their place. */
const TAB_ACTION: Partial<Record<SettingsTab, { action: RoleAction; sentence: string }>> = {
  subscription: { action: 'billing', sentence: texts.ownerOnlyBilling },
  backups: { action: 'backups', sentence: texts.roleCannotBackups },
};

/**
 * Settings in tabs chosen by ?tab= (general, notifications, barcode, appearance, subscription,
 * security, backups). The subscription tab's content comes from outside: the page passes it.
 */
export function SettingsScreen({ subscription }: { subscription: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const active = settingsTabFrom(params.get('tab'));
  const id = useId();
  const { role } = useCurrentAccount();
  const tabs = SETTINGS_TABS.filter((tab) => {
    const gate = TAB_ACTION[tab.id];
    return gate === undefined || can(role, gate.action);
  });
  const gate = TAB_ACTION[active];
  const tabRefs = useRef(new Map<SettingsTab, HTMLButtonElement>());

  const select = (tab: SettingsTab, focus = false) => {
    setParams({ tab }, { replace: true });
    if (!focus) return;
    const element = tabRefs.current.get(tab);
    element?.focus();
    // On a narrow screen the row of tabs scrolls sideways: bring the chosen one fully in.
    element?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    select(tab.id, true);
  };

  return (
    <div className="settings">
      <div className="settings__tabs" role="tablist" aria-label="Settings" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={`${id}-panel`}
            tabIndex={tab.id === active ? 0 : -1}
            className="settings__tab"
            onClick={() => select(tab.id)}
            data-testid={`settings-tab-${tab.id}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${active}`}
        className="settings__panel"
        data-testid="settings-panel"
        data-tab={active}
      >
        {active in PREFERENCE_TABS ? (
          <PreferencesTab tab={active} />
        ) : active === 'security' ? (
          <SecuritySettings />
        ) : (
          // Typed by hand in the address, a tab the role does not see says why instead.
          <RoleGate action={gate?.action ?? 'view-stockroom'} sentence={gate?.sentence ?? ''}>
            {active === 'subscription' ? subscription : <BackupsPanel />}
          </RoleGate>
        )}
      </div>
    </div>
  );
}
