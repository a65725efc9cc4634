import type { Session } from '@supabase/supabase-js';
import { loadSupabase } from '../lib/supabase-client';
import { texts } from '../lib/messages';
import { checkSessionAfterRefusal } from './auth/session-check';

/**
 * One caller for our Netlify functions (eBay and billing): the seller's access token as bearer,
 * JSON in and out, and one reading of every way a call can fail. Each family of functions keeps
 * its own error class and texts by passing `toError` and its messages.
 */

/** Why a function call failed, before it becomes the caller's own error class. */
export interface FunctionFailure {
  /** The HTTP status; 0 when the request never reached the server. */
  status: number;
  /**
   * The function's own code, or ours: 'network' (unreachable), 'invalid' (no JSON object),
   * 'not_signed_in' (no session to send), 'session_ended' (Auth has ended the session).
   */
  code: string | undefined;
  /** The function's JSON body; empty when there was none. */
  body: Record<string, unknown>;
  message: string;
}

export interface FunctionCall<E extends Error> {
  name: string;
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
  /** Headers beyond the bearer token, made from the session (eBay's country and user id). */
  headers?: (session: Session) => Record<string, string>;
  /** Said when there is no session to send. */
  notSignedIn: string;
  /** Said when the server cannot be reached or refuses without a message of its own. */
  failed: string;
  /**
   * Whether a 401 with this code is our own session refused (the default), rather than a third
   * party's token (eBay's) refused through the function.
   */
  isOwnRefusal?: (code: string | undefined) => boolean;
  toError: (failure: FunctionFailure) => E;
}

export async function callFunction<T, E extends Error>(call: FunctionCall<E>): Promise<T> {
  // Loaded on demand: the pricing page's upgrade button must not pull supabase-js into the
  // landing bundle.
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  if (!session) {
    throw call.toError({ status: 401, code: 'not_signed_in', body: {}, message: call.notSignedIn });
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${session.access_token}`,
    ...call.headers?.(session),
  };
  if (call.body) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/.netlify/functions/${call.name}`, {
      method: call.method ?? 'POST',
      headers,
      ...(call.body ? { body: JSON.stringify(call.body) } : {}),
    });
  } catch {
    throw call.toError({ status: 0, code: 'network', body: {}, message: call.failed });
  }

  const json: unknown = await response.json().catch(() => null);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw call.toError({
      status: response.status,
      code: 'invalid',
      body: {},
      message: texts.invalidResponse,
    });
  }
  const body = json as Record<string, unknown>;
  if (response.ok) return body as T;

  const code = typeof body.code === 'string' ? body.code : undefined;
  const ownRefusal = call.isOwnRefusal?.(code) ?? true;
  // Refused as not signed in: if Auth has ended the session (a password change elsewhere), the
  // app signs out here too and asks the seller to sign in again, instead of half-working.
  if (response.status === 401 && ownRefusal && (await checkSessionAfterRefusal())) {
    throw call.toError({ status: 401, code: 'session_ended', body, message: texts.sessionEnded });
  }
  const message = typeof body.error === 'string' ? body.error : call.failed;
  throw call.toError({ status: response.status, code, body, message });
}
