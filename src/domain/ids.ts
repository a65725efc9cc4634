/**
 * The two ids the app must never mix up. An ACCOUNT owns a stockroom: every stockroom row, query
 * key, the outbox and the device copy belong to one. A USER is a person who signs in: their
 * profile, password, two-factor, their row in a team. A seller alone in their own account has
 * both, and an account made before the account model even has its first owner's id, which is
 * exactly why the compiler must tell them apart: code that mixes them works for those sellers
 * until someone is a member of another account, or signs up anew.
 *
 * At run time both are uuid strings; the brands exist only for the compiler, so an AccountId
 * passed where a UserId is expected (or the other way round) does not compile
 * (tests/unit/domain/ids.types-test.ts). An id is branded once, where it enters from the server
 * (the session's user, a my_accounts row, a function's resolved account), with the functions
 * below: they are the only casts to these types.
 */
declare const accountBrand: unique symbol;
declare const userBrand: unique symbol;

/** The id of an account (accounts.id; the stockroom tables' `account_id`). */
export type AccountId = string & { readonly [accountBrand]: 'AccountId' };

/** The id of a person who signs in (auth.users.id). */
export type UserId = string & { readonly [userBrand]: 'UserId' };

/** An account id read from the server (my_accounts, accept_invitation, a resolved account). */
export function accountIdOf(id: string): AccountId {
  return id as AccountId;
}

/** A user id read from the server (the session's user, a team member row). */
export function userIdOf(id: string): UserId {
  return id as UserId;
}

/**
 * No account: signed out, or not known yet on this device. Data hooks given it ask for nothing;
 * it is never a key's scope for data that was fetched.
 */
export const NO_ACCOUNT = accountIdOf('');

/** No user: signed out. Like NO_ACCOUNT, it only fills a disabled query's key. */
export const NO_USER = userIdOf('');

/**
 * The id a user's own account has when they signed up before accounts had ids of their own: the
 * user's id. Accounts made since (every new sign-up's) have a new random id, so this never finds
 * an account; it only names the device copies made then (data/offline/device-db.ts), whose names
 * must not change.
 */
export function personalAccountId(userId: UserId): AccountId {
  return accountIdOf(userId);
}
