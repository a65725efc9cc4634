import { useEffect, useMemo, type ReactNode } from 'react';
import {
  useForgetPreviousAccount,
  useRecheckAccountsOnRefusal,
} from '../../data/account/account-caches';
import { useMyAccounts, type MyAccount } from '../../data/account/my-accounts';
import { readRememberedAccount, rememberAccount } from '../../data/account/remembered-account';
import { setDeviceUser } from '../../data/offline/device-db';
import { useDeviceCopy } from '../../data/offline/use-device-copy';
import { dismissAllToasts, notify } from '../../components/toasts';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { AccountContext, SIGNED_OUT, type CurrentAccount } from './account-context';

// Said once: whatever else the screen says is about the account left behind (the refusal that
// revealed the removal, an Undo of a change there).
const tellNoLongerMember = () => {
  dismissAllToasts();
  notify(messages.noLongerMember());
};

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
  const query = useMyAccounts(userId);
  const remembered = useMemo(() => (userId ? readRememberedAccount(userId) : null), [userId]);

  const accounts = query.data;
  // The server's answer, else the account remembered on this device. With neither (my_accounts
  // failed the first time here) no account is guessed, since a user's own account has an id of
  // its own: the dashboard waits while the query is retried.
  const current = useMemo<MyAccount | null>(
    () => accounts?.find((account) => account.isCurrent) ?? accounts?.[0] ?? remembered ?? null,
    [accounts, remembered],
  );

  useEffect(() => {
    if (userId && accounts) rememberAccount(userId, current);
  }, [userId, accounts, current]);

  // The server changed the account this user acts on (removed from it, or switched in another
  // tab): what is cached belongs to the old one. A refusal that may mean removal asks
  // my_accounts again. The account's stockroom is kept on the device while the user acts on it.
  const accountId = current?.accountId ?? null;
  useForgetPreviousAccount(userId, accountId, accounts, tellNoLongerMember);
  useRecheckAccountsOnRefusal(userId);
  useDeviceCopy(accountId);

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
