import { EBAY_SCOPES, type EbayEnv } from './ebay-env.ts';

/**
 * eBay's OAuth authorization code grant for user tokens:
 * https://auth.ebay.com/oauth2/authorize (the seller consents) and
 * POST https://api.ebay.com/identity/v1/oauth2/token with HTTP Basic client authentication,
 * grant_type=authorization_code (code + redirect_uri = RuName) or refresh_token.
 * The client secret is used only here, on the server.
 */

export interface EbayTokenGrant {
  access_token: string;
  expires_in: number;
  /** Only on the authorization code grant; eBay refresh tokens do not rotate. */
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

/** eBay refused the grant (invalid_grant, invalid_client…): the seller must connect again. */
export class EbayGrantError extends Error {
  constructor(
    readonly status: number,
    readonly oauthError: string,
  ) {
    super(`eBay token request refused: ${oauthError}`);
    this.name = 'EbayGrantError';
  }
}

/** eBay did not answer usefully (network, 5xx, unreadable body). */
export class EbayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EbayUnavailableError';
  }
}

/** A state made by the SPA (crypto.getRandomValues, base64url): 16 to 128 URL-safe characters. */
export function isValidState(state: unknown): state is string {
  return typeof state === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(state);
}

export function authorizeUrl(env: EbayEnv, state: string): string {
  const url = new URL(`${env.EBAY_AUTH_BASE}/oauth2/authorize`);
  url.searchParams.set('client_id', env.EBAY_CLIENT_ID);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', env.EBAY_RU_NAME);
  url.searchParams.set('scope', EBAY_SCOPES.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('prompt', 'login');
  return url.toString();
}

async function tokenRequest(env: EbayEnv, form: Record<string, string>): Promise<EbayTokenGrant> {
  const basic = Buffer.from(`${env.EBAY_CLIENT_ID}:${env.EBAY_CLIENT_SECRET}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(`${env.EBAY_API_BASE}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new EbayUnavailableError(`eBay token endpoint unreachable: ${(error as Error).name}`);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body && typeof body.access_token === 'string') {
    return {
      access_token: body.access_token,
      expires_in: Number(body.expires_in) || 7200,
      ...(typeof body.refresh_token === 'string' ? { refresh_token: body.refresh_token } : {}),
      ...(body.refresh_token_expires_in !== undefined
        ? { refresh_token_expires_in: Number(body.refresh_token_expires_in) }
        : {}),
    };
  }
  // 4xx with an OAuth error is a refusal the seller can only fix by connecting again; anything
  // else is eBay having a bad moment.
  if (response.status >= 400 && response.status < 500 && typeof body?.error === 'string') {
    throw new EbayGrantError(response.status, body.error);
  }
  throw new EbayUnavailableError(`eBay token endpoint answered ${response.status}`);
}

export function exchangeCode(env: EbayEnv, code: string): Promise<EbayTokenGrant> {
  return tokenRequest(env, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: env.EBAY_RU_NAME,
  });
}

export function refreshAccessToken(env: EbayEnv, refreshToken: string): Promise<EbayTokenGrant> {
  return tokenRequest(env, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    scope: EBAY_SCOPES.join(' '),
  });
}
