import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { activityLogKeys } from './keys';
import type { AccountId } from '../../domain/ids';

export const LOGS_PAGE_SIZE = 50;
/** The filter value meaning every action. */
export const ALL_ACTIONS = 'all';

// user_email is the address of whoever made the change (user_id), not of the account's owner.
const COLUMNS = 'log_id, action, details, user_email, user_id, timestamp, change_id';

/** One page of the seller's log, newest first, optionally one action only. */
export async function getLogs(accountId: AccountId, action: string, page: number) {
  const from = page * LOGS_PAGE_SIZE;
  let query = supabase
    .from('storage_logs')
    .select(COLUMNS, { count: 'exact' })
    .eq('account_id', accountId)
    .order('timestamp', { ascending: false })
    .order('log_id', { ascending: false })
    .range(from, from + LOGS_PAGE_SIZE - 1);
  if (action !== ALL_ACTIONS) query = query.eq('action', action);
  const { data, count, error } = await query;
  if (error) throw toDataError(error);
  return { logs: data, total: count ?? data.length };
}

export type LogPage = Awaited<ReturnType<typeof getLogs>>;
export type LogEntry = LogPage['logs'][number];

export function logsQueryOptions(accountId: AccountId, action: string, page: number) {
  return queryOptions({
    queryKey: activityLogKeys.page(accountId, action, page),
    queryFn: () => getLogs(accountId, action, page),
    // New entries are written by every other screen; show them when the seller comes here.
    staleTime: 0,
    // Paging keeps the last page on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
  });
}

export function useLogs(accountId: AccountId, action: string, page: number) {
  return useQuery(logsQueryOptions(accountId, action, page));
}
