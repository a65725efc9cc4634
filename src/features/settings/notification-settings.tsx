import { useId, useState } from 'react';
import { EXPIRY_WINDOW_DAYS } from '../../domain/expiry';
import {
  addExpiryDay,
  EXPIRY_DAYS_RANGE,
  expiryDayProblem,
  removeExpiryDay,
  toggleExpiryDay,
  type Preferences,
} from '../../data/settings/preferences';
import { PreferencesForm } from './preferences-form';
import { usePreferencesForm } from './use-preferences-form';

const FIELDS = ['expiry_notifications'] as const;

export function NotificationSettings({ stored }: { stored: Preferences }) {
  const form = usePreferencesForm(stored, FIELDS);
  const id = useId();
  const [newDays, setNewDays] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const settings = form.draft.expiry_notifications;
  const typed = newDays.trim();
  const typedDays = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  // A reminder typed in the box says at once why it cannot be added; an empty box only when
  // Add is pressed.
  const typedProblem = typed === '' ? null : expiryDayProblem(typedDays, settings);
  const shownProblem = typedProblem ?? problem;

  const add = () => {
    const why = expiryDayProblem(typedDays, settings);
    setProblem(why);
    if (why) return;
    form.set('expiry_notifications', addExpiryDay(settings, typedDays));
    setNewDays('');
  };

  // A valid reminder typed but not added yet goes in with Save; one that cannot be added holds
  // Save back, and the Save bar says so.
  const save = () => {
    if (typedProblem) return;
    if (typed === '') return form.submit();
    form.submit({ expiry_notifications: addExpiryDay(settings, typedDays) });
  };

  return (
    <PreferencesForm
      testId="settings-notifications"
      onSave={save}
      dirty={form.dirty || typed !== ''}
      saving={form.saving}
      problem={typedProblem ? 'Correct or clear the new reminder above to save' : null}
      ownChecks
    >
      <p className="muted">
        You are reminded on the day an item has exactly the number of days left of a reminder that
        is on, once the item is within {EXPIRY_WINDOW_DAYS} days of its expiry date. Items past
        their date are flagged while any reminder is on.
      </p>
      {settings.length === 0 ? (
        <p data-testid="expiry-none">No reminders: you will not be told about expiring items.</p>
      ) : (
        <ul className="settings__list" data-testid="expiry-settings">
          {settings.map((setting) => (
            <li key={setting.days} data-testid={`expiry-setting-${setting.days}`}>
              <input
                id={`${id}-${setting.days}`}
                type="checkbox"
                checked={setting.enabled}
                onChange={(event) =>
                  form.set(
                    'expiry_notifications',
                    toggleExpiryDay(settings, setting.days, event.target.checked),
                  )
                }
                data-testid={`expiry-enabled-${setting.days}`}
              />
              <label htmlFor={`${id}-${setting.days}`}>
                {setting.days === 0
                  ? 'On the expiry day'
                  : `${setting.days} ${setting.days === 1 ? 'day' : 'days'} before expiry`}
              </label>
              {setting.days > EXPIRY_WINDOW_DAYS ? (
                <span className="field__hint">
                  beyond the {EXPIRY_WINDOW_DAYS}-day window, so it does not fire
                </span>
              ) : null}
              <button
                type="button"
                className="button button--ghost"
                onClick={() =>
                  form.set('expiry_notifications', removeExpiryDay(settings, setting.days))
                }
                aria-label={`Remove the ${setting.days}-day reminder`}
                data-testid={`expiry-remove-${setting.days}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-new`}>Add a reminder (days before expiry)</label>
        <div className="settings__inline">
          <input
            id={`${id}-new`}
            type="number"
            inputMode="numeric"
            min={EXPIRY_DAYS_RANGE.min}
            max={EXPIRY_DAYS_RANGE.max}
            step={1}
            value={newDays}
            onChange={(event) => {
              setNewDays(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            aria-invalid={shownProblem !== null}
            aria-describedby={shownProblem ? `${id}-problem` : undefined}
            data-testid="expiry-new-days"
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={add}
            data-testid="expiry-add"
          >
            Add
          </button>
        </div>
        {shownProblem ? (
          <span
            id={`${id}-problem`}
            className="field__error"
            role="alert"
            data-testid="expiry-new-days-error"
          >
            {shownProblem}
          </span>
        ) : null}
      </div>
    </PreferencesForm>
  );
}
