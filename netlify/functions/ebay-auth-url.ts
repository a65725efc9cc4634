import { requireMember } from '../lib/auth.ts';
import { ebayEnv } from '../lib/ebay-env.ts';
import { authorizeUrl, isValidState } from '../lib/ebay-oauth.ts';
import { json, jsonError } from '../lib/http.ts';

/**
 * GET ?state=<random> (bearer) -> { url }: eBay's consent page for this application, with the
 * client id, response_type=code, the RuName as redirect_uri, our scopes, the SPA's state and
 * prompt=login (docs/product.md#ebay). Built on the server so the keyset and RuName are configured
 * in one place (the same variables the token exchange uses); the browser makes and keeps the state.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return json({ error: 'Method not allowed' }, 405, { allow: 'GET' });
  const auth = await requireMember(req, ['owner']);
  if (!auth.ok) return auth.response;
  const state = new URL(req.url).searchParams.get('state');
  if (!isValidState(state)) return jsonError(400, 'Invalid state parameter');
  try {
    return json({ url: authorizeUrl(ebayEnv(), state) });
  } catch (error) {
    console.error('ebay-auth-url:', (error as Error).message);
    return jsonError(500, 'Failed to connect');
  }
};
