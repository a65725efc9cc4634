import { supabase } from '../../lib/supabase';
import { texts } from '../../lib/messages';
import { checkSessionAfterRefusal } from '../auth/session-check';
import { DataError, functionError } from '../errors';

/**
 * Calls to our eBay Netlify functions with the SPEC 7 headers: the seller's Supabase access
 * token as bearer (the server takes the user from it), their eBay country, and their user id.
 * Nothing eBay-secret ever passes through here: the functions keep the tokens server-side.
 */

/**
 * A refusal or failure of an eBay function: a DataError (read from the function's JSON body as
 * every function error is) that always has a status, plus eBay's rate-limit fields.
 */
export class EbayFunctionError extends DataError {
  declare readonly status: number;

  constructor(
    status: number,
    code: string | undefined,
    body: Record<string, unknown>,
    message: string,
  ) {
    const read = functionError(status, { ...body, error: message, code }, message);
    super(read.message, {
      ...(code === undefined ? {} : { code }),
      status,
      ...(read.planLimit ? { planLimit: read.planLimit } : {}),
      featureRefused: read.featureRefused,
      body,
    });
    this.name = 'EbayFunctionError';
  }

  get rateLimited(): boolean {
    return this.status === 429;
  }

  get minutesRemaining(): number {
    return Number(this.body.minutesRemaining) || 1;
  }
}

export interface EbayCallOptions {
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
  country?: string;
}

export async function callEbayFunction<T>(name: string, options: EbayCallOptions = {}): Promise<T> {
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  if (!session) throw new EbayFunctionError(401, undefined, {}, texts.userMustBeLoggedIn);
  const headers: Record<string, string> = {
    authorization: `Bearer ${session.access_token}`,
    'user-id': session.user.id,
  };
  if (options.country) headers.country = options.country;
  if (options.body) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/.netlify/functions/${name}`, {
      method: options.method ?? 'GET',
      headers,
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw new EbayFunctionError(0, 'network', {}, texts.ebaySyncFailed);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) throw new EbayFunctionError(response.status, 'invalid', {}, texts.invalidResponse);
  if (!response.ok) {
    const message = typeof body.error === 'string' ? body.error : texts.ebaySyncFailed;
    const code = typeof body.code === 'string' ? body.code : undefined;
    // Our own session refused (not eBay's): if Auth has ended it, sign in again.
    if (response.status === 401 && code !== 'ebay_auth' && (await checkSessionAfterRefusal())) {
      throw new EbayFunctionError(401, 'session_ended', body, texts.sessionEnded);
    }
    throw new EbayFunctionError(response.status, code, body, message);
  }
  return body as T;
}
