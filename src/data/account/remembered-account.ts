import type { MyAccount } from './my-accounts';
import { accountIdOf, type AccountId, type UserId } from '../../domain/ids';
import { isRole } from '../../domain/roles';
import { readStored, writeStored } from '../../lib/browser-storage';

/**
 * The account a user last acted on, on this device: a page load (and an offline start) opens
 * that stockroom's copy at once, before my_accounts answers. Only ids, a name, a role and a plan.
 */
const keyOf = (userId: UserId) => `stockroom.account.${userId}`;

export function readRememberedAccount(userId: UserId): MyAccount | null {
  const raw = readStored(keyOf(userId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<MyAccount>;
    if (
      typeof value.accountId !== 'string' ||
      typeof value.name !== 'string' ||
      typeof value.planId !== 'string' ||
      !isRole(value.role)
    )
      return null;
    return {
      accountId: accountIdOf(value.accountId),
      name: value.name,
      role: value.role,
      planId: value.planId,
      isCurrent: true,
    };
  } catch {
    return null;
  }
}

export function rememberAccount(userId: UserId, account: MyAccount | null): void {
  writeStored(keyOf(userId), account ? JSON.stringify(account) : null);
}

/**
 * The account id a page load should open for this user: the remembered one, or null the first
 * time on this device (a user's own account has an id of its own: only the server knows it).
 */
export function rememberedAccountId(userId: UserId): AccountId | null {
  return readRememberedAccount(userId)?.accountId ?? null;
}
