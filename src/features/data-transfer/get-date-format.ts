import { queryOptions } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { DEFAULT_DATE_FORMAT, isDateFormat, type DateFormat } from '../../domain/currency-date';
import { dataTransferKeys } from './keys';

/** The seller's date format (settings), which decides how '03/07/2026' in a file is read. */
export async function getDateFormat(userId: string): Promise<DateFormat> {
  const { data, error } = await supabase
    .from('user_preferences')
    .select('date_format')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return isDateFormat(data?.date_format) ? data.date_format : DEFAULT_DATE_FORMAT;
}

export function dateFormatQueryOptions(userId: string) {
  return queryOptions({
    queryKey: dataTransferKeys.dateFormat(userId),
    queryFn: () => getDateFormat(userId),
  });
}
