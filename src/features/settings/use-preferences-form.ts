import { useState } from 'react';
import { notify } from '../../components/toasts';
import { errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import type { Preferences } from '../../data/settings/preferences';
import type { PreferencesPatch } from '../../data/settings/save-preferences';
import { useSavePreferences } from '../../data/settings/save-preferences';
import { useAccountId } from '../account';

/**
 * A tab's draft of some preferences: edited locally, saved together with one button, then
 * 'Settings Saved' or 'Failed to Save Settings'. The draft starts from what is stored; the tab
 * is remounted (keyed by the stored value) after a save, so it always shows the truth.
 */
export function usePreferencesForm<K extends keyof Preferences>(
  stored: Preferences,
  fields: readonly K[],
) {
  const pick = (source: Preferences) =>
    Object.fromEntries(fields.map((field) => [field, source[field]])) as Pick<Preferences, K>;
  const [draft, setDraft] = useState(() => pick(stored));
  const save = useSavePreferences(useAccountId());
  const dirty = JSON.stringify(draft) !== JSON.stringify(pick(stored));

  const set = <F extends K>(field: F, value: Preferences[F]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  /** Saves the draft, with any changes made in the same press (not yet in the draft). */
  const submit = (changes: Partial<Pick<Preferences, K>> = {}) =>
    save.mutate({ ...draft, ...changes } as PreferencesPatch, {
      onSuccess: () => notify(messages.preferencesSaved()),
      onError: (error) => notify(messages.preferencesSave(errorMessage(error))),
    });

  return { draft, set, dirty, submit, saving: save.isPending };
}
