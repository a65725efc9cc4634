import { createContext, useContext } from 'react';
import type { MyAccount } from '../../data/account/my-accounts';
import { NO_ACCOUNT, type AccountId } from '../../domain/ids';
import { can, type Role, type RoleAction } from '../../domain/roles';

/** The account the signed-in user acts on, with their role there (issue #27). */
export interface CurrentAccount {
  /** The stockroom's scope: every data call, query key and device copy uses it. */
  accountId: AccountId;
  name: string;
  role: Role;
  /** The ACCOUNT's plan (limits, features, the header's badge), not the member's own. */
  planId: string;
  /** Every account the user belongs to (the header's switcher). */
  accounts: MyAccount[];
  /** True until the account is known (the first sign-in on this device). */
  isLoading: boolean;
}

export const SIGNED_OUT: CurrentAccount = {
  accountId: NO_ACCOUNT,
  name: '',
  role: 'owner',
  planId: 'free',
  accounts: [],
  isLoading: false,
};

export const AccountContext = createContext<CurrentAccount>(SIGNED_OUT);

export function useCurrentAccount(): CurrentAccount {
  return useContext(AccountContext);
}

/** The stockroom's scope: the current account's id (NO_ACCOUNT while unknown or signed out). */
export function useAccountId(): AccountId {
  return useContext(AccountContext).accountId;
}

/** The account's plan: what limits and features a screen follows. */
export function useAccountPlanId(): string {
  return useContext(AccountContext).planId;
}

/** Whether the user's role in the current account lets them do the action (domain/roles). */
export function useCan(action: RoleAction): boolean {
  return can(useContext(AccountContext).role, action);
}
