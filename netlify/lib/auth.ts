import type { User } from '@supabase/supabase-js';
import { accountIdOf, userIdOf, type AccountId, type UserId } from '../../src/domain/ids.ts';
import { callerClient } from './caller-client.ts';
import { jsonError } from './http.ts';
import { supabaseAdmin } from './supabase-admin.ts';

/**
 * The person calling, as the auth server knows them. `id` is a UserId: the compiler refuses it
 * where an account is meant (the account a function acts on is `ActingAccount.id`).
 */
export type Caller = Omit<User, 'id'> & { id: UserId };

export type AuthResult = { ok: true; user: Caller } | { ok: false; response: Response };

/** The roles of an account's members (supabase/schemas/10_accounts.sql). */
export type MemberRole = 'owner' | 'manager' | 'picker';

/** The account a request acts on: the caller's current account, and their role in it. */
export interface ActingAccount {
  id: AccountId;
  role: MemberRole;
}

export type MemberResult =
  | { ok: true; user: Caller; account: ActingAccount; role: MemberRole }
  | { ok: false; response: Response };

export const NO_LONGER_A_MEMBER = 'You are no longer a member of this account.';
export const OWNER_ONLY = 'Only the account owner can do this.';

/** The bearer token of a request, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/**
 * Who is calling: the access token is checked by the auth server itself (getUser), so a
 * signed-out, expired, forged or revoked-session token is refused, not just a malformed one.
 * Functions then act only for that user id, never for an id taken from the body.
 */
export async function requireUser(req: Request): Promise<AuthResult> {
  const token = bearerToken(req);
  if (!token) return { ok: false, response: jsonError(401, 'Not authenticated') };
  const { data, error } = await supabaseAdmin().auth.getUser(token);
  if (error || !data.user) return { ok: false, response: jsonError(401, 'Not authenticated') };
  if (!passedTwoFactor(data.user, token)) {
    return {
      ok: false,
      response: jsonError(403, 'Two-factor authentication required', { code: 'insufficient_aal' }),
    };
  }
  return { ok: true, user: { ...data.user, id: userIdOf(data.user.id) } };
}

/**
 * Functions act with the service role, past the database's two-factor gate (RLS), so they apply
 * the same rule themselves: an account with a verified factor must call with an aal2 token; a
 * password alone (aal1) must not cancel plans, open the billing portal or delete storage. The
 * token was just accepted by the auth server, so its claims can be read without re-checking.
 */
export function passedTwoFactor(user: Pick<User, 'factors'>, token: string): boolean {
  const hasFactor = (user.factors ?? []).some((factor) => factor.status === 'verified');
  if (!hasFactor) return true;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      aal?: unknown;
    };
    return payload.aal === 'aal2';
  } catch {
    return false;
  }
}

/**
 * The caller's current account and role, asked of the database as the caller (rpc my_accounts,
 * through the caller client), so membership is decided by the same SQL as every other request
 * and a removed member is refused here at once too. The account id is branded here, where it
 * enters.
 */
async function actingAccount(token: string): Promise<ActingAccount | null> {
  const { data, error } = await callerClient(token).rpc('my_accounts');
  if (error) throw new Error(`my_accounts answered ${error.code ?? error.message}`);
  const rows = (data ?? []) as Array<{ account_id: string; role: string; is_current: boolean }>;
  const current = rows.find((row) => row.is_current);
  if (!current || !['owner', 'manager', 'picker'].includes(current.role)) return null;
  return { id: accountIdOf(current.account_id), role: current.role as MemberRole };
}

/**
 * A signed-in caller acting on their current account with one of `roles`: `{ user, account,
 * role }`. Functions act for `account.id` (the stockroom: its subscription, its eBay tokens,
 * its storage), never for `user.id`, the person (a manager or picker works in someone else's
 * account, and an owner's account need not share their id). `user` is for the person only:
 * their e-mail, their two-factor state. Refused: 403 when the role may not do it or the caller
 * is no longer a member of any account they act on.
 */
export async function requireMember(
  req: Request,
  roles: readonly MemberRole[],
): Promise<MemberResult> {
  const auth = await requireUser(req);
  if (!auth.ok) return auth;
  const account = await actingAccount(bearerToken(req)!);
  if (!account)
    return { ok: false, response: jsonError(403, NO_LONGER_A_MEMBER, { code: 'not_a_member' }) };
  if (!roles.includes(account.role))
    return {
      ok: false,
      response: jsonError(403, OWNER_ONLY, { code: 'role_refused', role: account.role }),
    };
  return { ok: true, user: auth.user, account, role: account.role };
}
