import { useQuery } from '@tanstack/react-query';
import { preferencesQueryOptions } from '../../data/preferences/get-preferences';
import { useSavePreferencesMutation } from '../../data/preferences/save-preferences';
import { useAuth } from '../auth';

/** The signed-in seller's preferences, for any screen (currency, dates, colours, drag_confirm...). */
export function usePreferences() {
  const { user } = useAuth();
  return useQuery({ ...preferencesQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}

/** Saves the signed-in seller's preferences; the settings screen toasts the outcome itself. */
export function useSavePreferences() {
  const { user } = useAuth();
  return useSavePreferencesMutation(user?.id);
}
