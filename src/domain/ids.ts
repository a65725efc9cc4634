/**
 * The two ids the app must never mix up. An ACCOUNT owns a stockroom: every stockroom row, query
 * key, the outbox and the device copy belong to one. A USER is a person who signs in: their
 * profile, password, two-factor, their row in a team. A seller alone in their own account has
 * both, and today's personal account even has the user's id, which is exactly why the compiler
 * must tell them apart: the code that mixes them works until someone is a member of another
 * account.
 *
 * At run time both are uuid strings; the brands exist only for the compiler, so an AccountId
 * passed where a UserId is expected (or the other way round) does not compile
 * (tests/unit/domain/ids.types-test.ts). An id is branded once, where it enters from the server
 * (the session's user, a my_accounts row, a function's resolved account), with the functions
 * below: they are the only casts to these types.
 */
declare const accountBrand: unique symbol;
declare const userBrand: unique symbol;

/** The id of an account (accounts.id; the column the stockroom tables call `user_id` today). */
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
 * The account a user got at sign-up, which shares their id (every seller's stockroom predates
 * accounts with members, and kept its id). Only a fallback for when the server cannot be asked
 * which account the user acts on (my_accounts failed and nothing is remembered on the device).
 */
export function personalAccountId(userId: UserId): AccountId {
  return accountIdOf(userId);
}
