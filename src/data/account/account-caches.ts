import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AccountId, UserId } from '../../domain/ids';
import { DataError } from '../errors';
import { forgetAccountCopy } from '../offline/device-cache';
import { teamKeys } from '../team/keys';
import { accountKeys } from './keys';
import type { MyAccount } from './my-accounts';

// Refusals that may mean the user was removed from the account they act on: the database then
// acts on their own account, so a role check says 42501 and a row of the old account is gone.
const MAYBE_REMOVED = new Set(['42501', 'PT404']);

/**
 * The server changed the account this user acts on (removed from it, or switched in another
 * tab): what is cached of the old account goes, and the Team screen's lists (scoped by the user,
 * about the account acted on) are read again. `onNoLongerMember` (stable: a module-level
 * function) is called when the old account is no longer among the user's accounts.
 */
export function useForgetPreviousAccount(
  userId: UserId | undefined,
  accountId: AccountId | null,
  accounts: readonly MyAccount[] | undefined,
  onNoLongerMember: () => void,
): void {
  const queryClient = useQueryClient();
  const actingOn = useRef<AccountId | null>(null);
  useEffect(() => {
    const before = actingOn.current;
    actingOn.current = accountId;
    if (before === null || accountId === null || before === accountId || !accounts) return;
    if (!accounts.some((account) => account.accountId === before)) {
      onNoLongerMember();
      // A removed member keeps nothing of the account on their device.
      if (userId) void forgetAccountCopy(userId, before);
    }
    // Only the old account's queries: the screens (children, whose effects ran first) already
    // ask for the new one's, and a query removed while it loads is cancelled and never answers.
    queryClient.removeQueries({ predicate: (q) => q.queryKey.includes(before) });
    if (!userId) return;
    void queryClient.resetQueries({ queryKey: teamKeys.members(userId) });
    void queryClient.resetQueries({ queryKey: teamKeys.currentAccount(userId) });
  }, [userId, accountId, accounts, queryClient, onNoLongerMember]);
}

/**
 * A refusal that may mean the user was removed from the account: my_accounts is asked again
 * (and useForgetPreviousAccount does the rest when the answer names another account).
 */
export function useRecheckAccountsOnRefusal(userId: UserId | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const check = (error: unknown) => {
      if (error instanceof DataError && error.code !== undefined && MAYBE_REMOVED.has(error.code))
        void queryClient.invalidateQueries({ queryKey: accountKeys.mine(userId) });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [userId, queryClient]);
}
