import { texts } from '../../lib/messages';
import { callFunction } from '../call-function';
import { DataError, functionError } from '../errors';

/**
 * Calls to our eBay Netlify functions with the headers of docs/product.md#ebay: the seller's
 * Supabase access token as bearer (the server takes the user from it), their eBay country, and
 * their user id. Nothing eBay-secret ever passes through here: the functions keep the tokens
 * server-side.
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

export function callEbayFunction<T>(name: string, options: EbayCallOptions = {}): Promise<T> {
  return callFunction<T, EbayFunctionError>({
    name,
    method: options.method ?? 'GET',
    ...(options.body ? { body: options.body } : {}),
    headers: (session) => ({
      'user-id': session.user.id,
      ...(options.country ? { country: options.country } : {}),
    }),
    notSignedIn: texts.userMustBeLoggedIn,
    failed: texts.ebaySyncFailed,
    // eBay's own token refused (code 'ebay_auth') asks for a reconnect, not a new sign-in.
    isOwnRefusal: (code) => code !== 'ebay_auth',
    toError: (failure) =>
      new EbayFunctionError(failure.status, failure.code, failure.body, failure.message),
  });
}
