import { requireMember } from '../lib/auth.ts';
import { fetchEbayUserId } from '../lib/ebay-api.ts';
import { DEFAULT_EBAY_COUNTRY, ebayEnv, marketplaceFor } from '../lib/ebay-env.ts';
import { EbayGrantError, exchangeCode } from '../lib/ebay-oauth.ts';
import { saveEbayUser, saveTokens } from '../lib/ebay-tokens.ts';
import { json, jsonError, methodNotAllowed, readJsonObject } from '../lib/http.ts';

const FAILED = 'Failed to connect';

/**
 * POST (bearer) { code, redirect_uri? } -> { connected: true, expires_in } or { error }.
 *
 * Deliberate deviations from a browser-side exchange, where the browser would send client_id and
 * client_secret and get access_token / refresh_token back (docs/product.md#ebay):
 * - The client secret never comes from the browser: it is read from EBAY_CLIENT_SECRET here. A
 *   body that carries one is refused, so a build that still sends it is noticed at once.
 *   client_id, if sent, is ignored (the configured one is the only one we use).
 * - Tokens never go back to the browser: they are stored for the account the owner acts on in
 *   ebay_tokens
 *   (token columns unreadable by the browser) and the other functions use them from there.
 * - redirect_uri is always the configured RuName: eBay requires the one the authorize request
 *   used, and taking it from the body would let a caller pick it.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();
  const auth = await requireMember(req, ['owner']);
  if (!auth.ok) return auth.response;

  const body = await readJsonObject(req);
  if (!body) return jsonError(400, 'Invalid callback parameters');
  if ('client_secret' in body) {
    return jsonError(400, 'client_secret must not be sent; it is configured on the server');
  }
  const code = body.code;
  if (typeof code !== 'string' || code.trim() === '' || code.length > 2048) {
    return jsonError(400, 'Invalid callback parameters');
  }

  try {
    const env = ebayEnv();
    const grant = await exchangeCode(env, code.trim());
    if (!grant.refresh_token) throw new Error('eBay granted no refresh token');
    await saveTokens(auth.account.id, grant);
    // Which eBay user was connected, so every member can be told (issue 39); the connection
    // stands without it when eBay does not say.
    const marketplace = marketplaceFor(DEFAULT_EBAY_COUNTRY)!;
    const ebayUser = await fetchEbayUserId(env, grant.access_token, marketplace);
    await saveEbayUser(auth.account.id, ebayUser).catch(() => undefined);
    return json({ connected: true, expires_in: grant.expires_in });
  } catch (error) {
    // Only the error's name and eBay's error code are logged, never the code or a token.
    const detail = error instanceof EbayGrantError ? error.oauthError : (error as Error).name;
    console.error(`ebay-auth-callback: ${detail}`);
    return jsonError(error instanceof EbayGrantError ? 400 : 502, FAILED);
  }
};
