import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamRole } from '../../domain/team';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { teamKeys } from './keys';
import { accountIdOf, NO_ACCOUNT, userIdOf, type AccountId, type UserId } from '../../domain/ids';

/** A member of the current account (rpc team_members). */
export interface TeamMember {
  user_id: UserId;
  email: string;
  role: TeamRole;
  joined_at: string;
  last_active_at: string | null;
  is_you: boolean;
}

/** A pending invitation of the current account. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: TeamRole;
  created_at: string;
  expires_at: string;
}

/** The account the user acts on, with their role in it and its plan (rpc my_accounts). */
export interface CurrentAccount {
  account_id: AccountId;
  name: string;
  role: TeamRole;
  plan_id: string;
}

/** An invitation to the signed-in user's address (rpc my_invitations). */
export interface MyInvitation {
  id: string;
  account_name: string;
  role: TeamRole;
  inviter_email: string | null;
  expires_at: string;
}

export async function getTeamMembers(): Promise<TeamMember[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('team_members');
  if (error) throw toDataError(error, 'The team could not be loaded');
  return (data as Array<Omit<TeamMember, 'user_id'> & { user_id: string }>).map((member) => ({
    ...member,
    user_id: userIdOf(member.user_id),
  }));
}

export async function getCurrentAccount(): Promise<CurrentAccount | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_accounts');
  if (error) throw toDataError(error, 'Your account could not be loaded');
  const current = data.find((row) => row.is_current);
  if (!current) return null;
  return {
    account_id: accountIdOf(current.account_id),
    name: current.name,
    role: current.role as TeamRole,
    plan_id: current.plan_id,
  };
}

export async function getPendingInvitations(accountId: AccountId): Promise<PendingInvitation[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('account_invitations')
    .select('id, email, role, created_at, expires_at')
    .eq('account_id', accountId)
    .is('accepted_at', null)
    .order('created_at', { ascending: true });
  if (error) throw toDataError(error, 'The invitations could not be loaded');
  return data as PendingInvitation[];
}

export async function getMyInvitations(): Promise<MyInvitation[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_invitations');
  if (error) throw toDataError(error, 'Your invitations could not be loaded');
  return data as MyInvitation[];
}

export async function getHasPassword(): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('has_password');
  if (error) throw toDataError(error);
  return data === true;
}

export const teamMembersQuery = (userId: UserId) =>
  queryOptions({ queryKey: teamKeys.members(userId), queryFn: getTeamMembers, staleTime: 0 });

export const currentAccountQuery = (userId: UserId) =>
  queryOptions({
    queryKey: teamKeys.currentAccount(userId),
    queryFn: getCurrentAccount,
    staleTime: 0,
  });

export function useTeamMembers(userId: UserId) {
  return useQuery({ ...teamMembersQuery(userId), enabled: userId !== '' });
}

export function useCurrentAccount(userId: UserId) {
  return useQuery({ ...currentAccountQuery(userId), enabled: userId !== '' });
}

/** Pending invitations; only owners and managers may read them (`enabled`). */
export function usePendingInvitations(
  userId: UserId,
  accountId: AccountId | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: teamKeys.invitations(userId, accountId ?? NO_ACCOUNT),
    queryFn: () => getPendingInvitations(accountId ?? NO_ACCOUNT),
    enabled: enabled && userId !== '' && accountId !== undefined,
    staleTime: 0,
  });
}

export function useMyInvitations(userId: UserId) {
  return useQuery({
    queryKey: teamKeys.mine(userId),
    queryFn: getMyInvitations,
    enabled: userId !== '',
    staleTime: 30_000,
  });
}

export function useHasPassword(userId: UserId) {
  return useQuery({
    queryKey: teamKeys.hasPassword(userId),
    queryFn: getHasPassword,
    enabled: userId !== '',
  });
}
