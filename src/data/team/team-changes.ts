import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteRole } from '../../domain/team';
import { loadSupabase } from '../../lib/supabase-client';
import { callFunction } from '../call-function';
import { toAuthError } from '../auth/auth-error';
import { DataError, functionError, toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { teamKeys } from './keys';
import { accountIdOf, type AccountId, type UserId } from '../../domain/ids';

export interface InviteInput {
  email: string;
  role: InviteRole;
}

export interface SentInvitation {
  invitation: { id: string; email: string; role: InviteRole; expires_at: string };
  /** 'invite' for a new address, 'magiclink' for one that already has an account */
  mail: 'invite' | 'magiclink';
}

const INVITE_FAILED = 'The invitation could not be sent. Check your connection and try again.';

/**
 * Invites (or invites again: renews and re-sends) through the team-invite function, which makes
 * the invitation with the caller's token and mails the link; the database's refusal (role,
 * seats, address) comes back as its message.
 */
export async function sendInvitation(input: InviteInput): Promise<SentInvitation> {
  return callFunction<SentInvitation, DataError>({
    name: 'team-invite',
    body: { email: input.email.trim(), role: input.role },
    notSignedIn: 'Sign in to invite team members',
    failed: INVITE_FAILED,
    toError: (failure) =>
      failure.code !== undefined && failure.body.code === undefined
        ? new DataError(failure.message, { code: failure.code, status: failure.status })
        : functionError(failure.status, failure.body, failure.message),
  });
}

export async function withdrawInvitation(invitationId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('withdraw_invitation', { p_invitation_id: invitationId });
  if (error) throw toDataError(error, 'The invitation could not be withdrawn');
}

export async function changeMemberRole({
  userId,
  role,
}: {
  userId: UserId;
  role: InviteRole;
}): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('change_member_role', { p_user_id: userId, p_role: role });
  if (error) throw toDataError(error, 'The role could not be changed');
}

export async function removeMember(userId: UserId): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('remove_member', { p_user_id: userId });
  if (error) throw toDataError(error, 'The member could not be removed');
}

/**
 * The owner hands the current account to another member (rpc transfer_ownership): that member
 * becomes its owner, the caller stays in it as a manager. The database refuses anyone but the
 * owner, and a target who is not a member; its message comes back as the error.
 */
export async function transferOwnership(userId: UserId): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('transfer_ownership', { p_user_id: userId });
  if (error) throw toDataError(error, 'The ownership could not be transferred');
}

export async function leaveAccount(accountId: AccountId): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('leave_account', { p_account_id: accountId });
  if (error) throw toDataError(error, 'You could not leave this account');
}

/** Joins the account; it becomes the user's current account. Returns its id. */
export async function acceptInvitation(invitationId: string): Promise<AccountId> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('accept_invitation', {
    p_invitation_id: invitationId,
  });
  if (error) throw toDataError(error, 'The invitation could not be accepted');
  return accountIdOf(data);
}

/** A team change: the team's data is read again afterwards, whatever the outcome. */
function useTeamChange<TData, TVariables>(
  userId: UserId,
  mutationFn: (variables: TVariables) => Promise<TData>,
  { onSuccess, onError }: MutationCallbacks<TData, TVariables>,
  /**
   * Everything the user sees may change (joined or left an account, or their role in it): read
   * the whole cache again.
   */
  everything = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => onSuccess?.(data, variables),
    onError: (error, variables) => onError?.(error, variables),
    onSettled: () =>
      everything
        ? queryClient.invalidateQueries()
        : queryClient.invalidateQueries({ queryKey: teamKeys.all(userId) }),
  });
}

export const useSendInvitation = (
  userId: UserId,
  callbacks: MutationCallbacks<SentInvitation, InviteInput> = {},
) => useTeamChange(userId, sendInvitation, callbacks);

export const useWithdrawInvitation = (
  userId: UserId,
  callbacks: MutationCallbacks<void, string> = {},
) => useTeamChange(userId, withdrawInvitation, callbacks);

export const useChangeMemberRole = (
  userId: UserId,
  callbacks: MutationCallbacks<void, { userId: UserId; role: InviteRole }> = {},
) => useTeamChange(userId, changeMemberRole, callbacks);

export const useRemoveMember = (userId: UserId, callbacks: MutationCallbacks<void, UserId> = {}) =>
  useTeamChange(userId, removeMember, callbacks);

/**
 * Transfer ownership: the caller's role changes (owner to manager), and with it what every
 * screen may show (billing, the eBay connection), so the whole cache is read again.
 */
export const useTransferOwnership = (
  userId: UserId,
  callbacks: MutationCallbacks<void, UserId> = {},
) => useTeamChange(userId, transferOwnership, callbacks, true);

export const useLeaveAccount = (
  userId: UserId,
  callbacks: MutationCallbacks<void, AccountId> = {},
) => useTeamChange(userId, leaveAccount, callbacks, true);

export const useAcceptInvitation = (
  userId: UserId,
  callbacks: MutationCallbacks<AccountId, string> = {},
) => useTeamChange(userId, acceptInvitation, callbacks, true);

export interface JoinInput {
  invitationId: string;
  /** An invited user without a password chooses one (and gives their name) first. */
  profile?: { name: string; password: string };
}

/**
 * The accept page's one step: the new password and name (Auth), then the invitation. A refused
 * password (too weak) stops before joining, so the invitation waits for a better one.
 */
export async function joinAccount({ invitationId, profile }: JoinInput): Promise<AccountId> {
  if (profile) {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.updateUser({
      password: profile.password,
      data: { name: profile.name.trim() },
    });
    if (error) throw toAuthError(error, 'Your password could not be saved');
  }
  return acceptInvitation(invitationId);
}

export const useJoinAccount = (
  userId: UserId,
  callbacks: MutationCallbacks<AccountId, JoinInput> = {},
) => useTeamChange(userId, joinAccount, callbacks, true);
