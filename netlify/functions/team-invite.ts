import { texts } from '../../src/lib/messages.ts';
import { bearerToken } from '../lib/auth.ts';
import { authedFunction, logFailure, Refusal } from '../lib/authed-function.ts';
import { callerClient } from '../lib/caller-client.ts';
import { siteOrigins } from '../lib/return-urls.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

/**
 * POST, bearer, { email, role } -> { invitation: { id, email, role, expires_at }, mail: 'invite' | 'magiclink' }
 * or { error, code }.
 *
 * Invites an e-mail address to the caller's current account and mails the link (issue #27).
 * The invitation itself is made with the CALLER's token (rpc invite_member), so the database
 * decides who may invite, how many seats the plan has and what a valid address is; its refusal
 * is passed on with a 4xx status. Inviting the same address again renews the invitation and
 * mails it again (the Team screen's Resend). The mail goes through Supabase Auth with the
 * service role: an invitation (which creates the user, without a password) or, when Auth
 * answers that the address is already registered (422 email_exists), a magic link to the same
 * page. Both land on /accept-invite?invitation=<id>, signed in. Tokens are never logged.
 *
 * The database also counts the mails (per address one a minute and 3 an hour, 20 an hour per
 * account: 429 with its sentence). When Auth does not send the mail (refused, e.g. its own 429,
 * or failed), the invitation gives back what it took (rpc release_invitation_mail, service
 * role): a new invitation is withdrawn, so it holds no seat; a renewed one gets its role and
 * expiry back; the mail no longer counts. The answer says so (texts.invitationNotSent).
 */

interface TeamInviteEnv {
  url: string;
  anonKey: string;
  site: string;
}

function teamInviteEnv(): TeamInviteEnv {
  const url = process.env.SUPABASE_URL;
  const anonKey = process.env.SUPABASE_ANON_KEY;
  const site = siteOrigins()[0];
  const missing = [
    ...(url ? [] : ['SUPABASE_URL']),
    ...(anonKey ? [] : ['SUPABASE_ANON_KEY']),
    ...(site ? [] : ['URL']),
  ];
  if (missing.length > 0 || !url || !anonKey || !site) {
    throw new Error(`team-invite is not configured: ${missing.join(', ')} missing`);
  }
  return { url, anonKey, site };
}

/** The HTTP status of a database refusal (SQLSTATE). */
export function statusOfRefusal(code: string | undefined): number {
  switch (code) {
    case '42501':
      return 403;
    case 'PT404':
      return 404;
    case 'P0001':
      return 409;
    case 'PT429':
      return 429;
    case '22023':
    case '23514':
    case '22P02':
      return 400;
    default:
      return 400;
  }
}

/** The HTTP status of Auth's refusal, if it gave one. */
function authStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Auth's invitation (it makes the user, without a password), or a magic link when Auth answers
 * that the address is already registered (422). Throws Auth's error when neither is sent.
 */
async function mailInvitation(
  email: string,
  redirectTo: string,
  data: InviteMailData,
): Promise<'invite' | 'magiclink'> {
  const auth = supabaseAdmin().auth;
  // `data` becomes the invitee's metadata, which the invite template reads ({{ .Data.* }}).
  const sent = await auth.admin.inviteUserByEmail(email, { redirectTo, data });
  if (!sent.error) return 'invite';
  if (sent.error.status !== 422) throw sent.error;
  const otp = await auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  });
  if (otp.error) throw otp.error;
  return 'magiclink';
}

/** What supabase/templates/invite.html names: Stockroom's account, who invited, which role. */
interface InviteMailData {
  account_name: string;
  inviter_name: string;
  role_label: string;
  [key: string]: string;
}

interface Invitation {
  id: string;
  email: string;
  role: string;
  expires_at: string;
}

export default authedFunction({
  name: 'team-invite',
  // The database refuses a picker too; here the mail is never sent for them.
  roles: ['owner', 'manager'],
  failure: 'The invitation e-mail could not be sent. Try Resend in a moment.',
  env: teamInviteEnv,
  run: async ({ req, body, env, account, user }) => {
    const email = typeof body.email === 'string' ? body.email : '';
    const role = typeof body.role === 'string' ? body.role : 'picker';
    const token = bearerToken(req) ?? '';

    // As the caller (lib/caller-client.ts): their token, so RLS and the role checks apply.
    const invited = await callerClient(token, env).rpc('invite_member', {
      p_email: email,
      p_role: role,
    });
    if (invited.error) {
      const code = invited.error.code;
      throw new Refusal(statusOfRefusal(code), invited.error.message, {
        code,
        ...(invited.error.details ? { detail: invited.error.details } : {}),
      });
    }
    const invitation = invited.data as Invitation;
    const redirectTo = `${env.site}/accept-invite?invitation=${encodeURIComponent(invitation.id)}`;

    let mail: 'invite' | 'magiclink';
    try {
      const named = await supabaseAdmin()
        .from('accounts')
        .select('name')
        .eq('account_id', account.id)
        .maybeSingle();
      mail = await mailInvitation(invitation.email, redirectTo, {
        account_name: named.data?.name ?? 'a stockroom',
        inviter_name: user.email ?? 'A Stockroom seller',
        role_label: invitation.role === 'manager' ? 'a manager' : 'a picker',
      });
    } catch (error) {
      logFailure('team-invite', error);
      // Given back before answering, so the seat and the mail are free when the seller reads it.
      const released = await supabaseAdmin().rpc('release_invitation_mail', {
        p_account_id: account.id,
        p_invitation_id: invitation.id,
      });
      if (released.error) throw released.error;
      const given = released.data as unknown;
      // 'none': nothing of this call was left to give back, so only the general failure is true
      if (given !== 'withdrawn' && given !== 'restored') throw error;
      throw new Refusal(
        authStatus(error) === 429 ? 429 : 502,
        given === 'restored' ? texts.invitationNotResent : texts.invitationNotSent,
        { code: 'invitation_not_sent' },
      );
    }
    return {
      invitation: {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expires_at: invitation.expires_at,
      },
      mail,
    };
  },
});
