import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { preferencesQueryOptions } from './get-preferences';

/** The signed-in seller's preferences, for any screen (currency, dates, colours, drag_confirm...). */
export function usePreferences() {
  const { user } = useAuth();
  return useQuery({ ...preferencesQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
