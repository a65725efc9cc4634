// PKCE (RFC 7636) for mailed links, as GoTrue does it: a request with a code challenge stores
// a flow state, its mailed token carries a "pkce_" prefix, following the link redirects with
// ?code=, and POST /token?grant_type=pkce exchanges that code plus the verifier for a session.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Ctx } from './context.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { str, type Params } from './http.ts';
import type { Db } from './store/db.ts';

export const PKCE_PREFIX = 'pkce_';
/** GoTrue's flow_state_expiry_duration. */
const FLOW_STATE_EXPIRY_SECONDS = 300;

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

/** Reads code_challenge / code_challenge_method; null for the implicit flow. */
export function pkceParams(p: Params): PkceParams | null {
  const challenge = str(p, 'code_challenge');
  const rawMethod = str(p, 'code_challenge_method');
  if ((challenge === '') !== (rawMethod === '')) {
    throw badRequest(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (!challenge) return null;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const method = rawMethod.toLowerCase();
  if (method !== 's256' && method !== 'plain') {
    throw badRequest('validation_failed', 'code challenge method not supported');
  }
  return { challenge, method };
}

export async function createFlowState(
  db: Db,
  userId: string,
  pkce: PkceParams,
  authenticationMethod: string,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
        provider_type, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', $6, $6, $7)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, now, authenticationMethod],
  );
}

/** The amr method a verified link of `type` signs in with (GoTrue's ParseAuthenticationMethod). */
export function authMethodForType(type: string): string {
  if (type === 'signup') return 'email/signup';
  return type; // recovery, magiclink, email_change, invite
}

/** After a PKCE link is verified: the newest flow state's auth code, for the redirect. */
export async function issueAuthCode(
  ctx: Ctx,
  c: pg.PoolClient,
  userId: string,
  authenticationMethod: string,
): Promise<string> {
  const r = await c.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state
      where user_id = $1 and authentication_method = $2
      order by created_at desc limit 1`,
    [userId, authenticationMethod],
  );
  const row = r.rows[0];
  if (!row) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.');
  await c.query(
    `update auth.flow_state set auth_code_issued_at = $2, updated_at = $2 where id = $1`,
    [row.id, ctx.now],
  );
  return row.auth_code;
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

/**
 * Checks auth_code + code_verifier and consumes the flow state. Returns the user id and the
 * authentication method to record.
 */
export async function consumeAuthCode(
  ctx: Ctx,
  c: pg.PoolClient,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: string }> {
  const r = await c.query<FlowStateRow>(
    `select id, user_id, code_challenge_method::text as code_challenge_method, code_challenge,
            authentication_method, created_at, auth_code_issued_at
       from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  const flow = r.rows[0];
  if (!flow?.user_id || !flow.auth_code_issued_at) {
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  // Measured from when the link was followed (GoTrue measures most methods from the request,
  // which expires sign-up confirmations opened more than five minutes after the mail).
  if (flow.auth_code_issued_at.getTime() + FLOW_STATE_EXPIRY_SECONDS * 1000 < ctx.now.getTime()) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const expected =
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(flow.code_challenge);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw badRequest(
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  await c.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
