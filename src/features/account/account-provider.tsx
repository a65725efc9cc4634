import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { accountKeys } from '../../data/account/keys';
import { useMyAccounts, type MyAccount } from '../../data/account/my-accounts';
import { DataError } from '../../data/errors';
import { hydrateDeviceCache, persistDeviceCache } from '../../data/offline/device-cache';
import { setDeviceUser } from '../../data/offline/device-db';
import { notify } from '../../components/toasts';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { AccountContext, SIGNED_OUT, type CurrentAccount } from './account-context';
import { readRememberedAccount, rememberAccount } from '../../data/account/remembered-account';

// Refusals that may mean the user was removed from the account they act on: the database then
// acts on their own account, so a role check says 42501 and a row of the old account is gone.
const MAYBE_REMOVED = new Set(['42501', 'PT404']);

/**
 * Resolves the account the signed-in user acts on (rpc my_accounts) and gives it to every
 * screen (useCurrentAccount). Until it is known for the first time on this device, the
 * dashboard shows its loading state; afterwards the account remembered on the device is used at
 * once (a page load, offline). Keeps the device copy of that account's stockroom, and follows
 * the server: a member removed from the account is told so and falls back to their own.
 */
export function AccountProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  // The device copy is per user and account (data/offline/device-db).
  setDeviceUser(userId ?? null);
  const queryClient = useQueryClient();
  const query = useMyAccounts(userId);
  const remembered = useMemo(() => (userId ? readRememberedAccount(userId) : null), [userId]);

  const accounts = query.data;
  const failed = query.isError;
  const current = useMemo<MyAccount | null>(
    () =>
      accounts?.find((account) => account.isCurrent) ??
      accounts?.[0] ??
      remembered ??
      // my_accounts failed and nothing is remembered: the user's own account, as before accounts.
      (failed && user
        ? { accountId: user.id, name: user.email, role: 'owner', planId: 'free', isCurrent: true }
        : null),
    [accounts, remembered, failed, user],
  );

  useEffect(() => {
    if (userId && accounts) rememberAccount(userId, current);
  }, [userId, accounts, current]);

  // The server changed the account this user acts on (removed from it, or switched in another
  // tab): what is cached belongs to the old one.
  const actingOn = useRef<string | null>(null);
  const accountId = current?.accountId ?? null;
  useEffect(() => {
    const before = actingOn.current;
    actingOn.current = accountId;
    if (before === null || accountId === null || before === accountId || !accounts) return;
    if (!accounts.some((account) => account.accountId === before))
      notify(messages.noLongerMember());
    queryClient.removeQueries({
      predicate: (q) => q.queryKey[0] !== accountKeys.all[0],
    });
  }, [accountId, accounts, queryClient]);

  // A refusal that may mean removal: ask my_accounts again (the effect above does the rest).
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

  // The account's stockroom kept on the device: read back what the page's start did not (a
  // sign-in without a reload), and kept up to date while the user acts on it.
  useEffect(() => {
    if (!accountId) return;
    void hydrateDeviceCache(queryClient, accountId);
    return persistDeviceCache(queryClient, accountId);
  }, [accountId, queryClient]);

  const value = useMemo<CurrentAccount>(() => {
    if (!userId) return SIGNED_OUT;
    if (!current) return { ...SIGNED_OUT, isLoading: true };
    return {
      accountId: current.accountId,
      name: current.name,
      role: current.role,
      planId: current.planId,
      accounts: accounts ?? [current],
      isLoading: false,
    };
  }, [userId, current, accounts]);

  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}
