import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { accountIdOf, NO_USER, type AccountId, type UserId } from '../../domain/ids';
import { isRole, type Role } from '../../domain/roles';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { accountKeys } from './keys';

/** One account the user is a member of, with their role there and the account's plan. */
export interface MyAccount {
  accountId: AccountId;
  name: string;
  role: Role;
  planId: string;
  isCurrent: boolean;
}

/** The accounts the signed-in user belongs to (rpc my_accounts), the current one marked. */
export async function getMyAccounts(): Promise<MyAccount[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_accounts');
  if (error) throw toDataError(error, 'Your accounts could not be loaded');
  return (data ?? []).map((row) => ({
    accountId: accountIdOf(row.account_id),
    name: row.name,
    // An unknown role is treated as the least one.
    role: isRole(row.role) ? row.role : 'picker',
    planId: row.plan_id,
    isCurrent: row.is_current,
  }));
}

export function myAccountsQueryOptions(userId: UserId) {
  return queryOptions({
    queryKey: accountKeys.mine(userId),
    queryFn: getMyAccounts,
    // A role or plan changed by the owner shows when the member comes back to the tab.
    refetchOnWindowFocus: true,
  });
}

export function useMyAccounts(userId: UserId | undefined) {
  return useQuery({ ...myAccountsQueryOptions(userId ?? NO_USER), enabled: Boolean(userId) });
}

/** Makes an account the one the user's requests act on (rpc switch_account). */
export async function switchAccount(accountId: AccountId): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('switch_account', { p_account_id: accountId });
  if (error) throw toDataError(error, 'The account could not be switched');
}

export function useSwitchAccountMutation({
  onSuccess,
  onError,
}: MutationCallbacks<void, AccountId> = {}) {
  return useMutation({ mutationFn: switchAccount, onSuccess, onError });
}
