import { useQuery } from '@tanstack/react-query';
import { useStockroomId } from '../account';
import { preferencesQueryOptions } from '../../data/settings/get-preferences';
import { useSavePreferencesMutation } from '../../data/settings/save-preferences';
import { useAuth } from '../auth';

/** The signed-in seller's preferences, for any screen (currency, dates, colours, drag_confirm...). */
export function usePreferences() {
  const { user } = useAuth();
  const stockroomId = useStockroomId();
  // No account yet (a code step to pass, my_accounts on its way): nothing to ask for.
  return useQuery({
    ...preferencesQueryOptions(stockroomId),
    enabled: Boolean(user && stockroomId),
  });
}

/** Saves the signed-in seller's preferences; the settings screen toasts the outcome itself. */
export function useSavePreferences() {
  const stockroomId = useStockroomId();
  return useSavePreferencesMutation(stockroomId || undefined);
}
