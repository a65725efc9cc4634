import { requireMember } from '../lib/auth.ts';
import { deleteTokens } from '../lib/ebay-tokens.ts';
import { json, jsonError, methodNotAllowed } from '../lib/http.ts';

/**
 * POST (bearer) -> { connected: false }: deletes the account's eBay tokens
 * (docs/product.md#ebay). eBay offers no endpoint to revoke a user token, so forgetting them is
 * all a disconnect can do; the seller may also remove the app under eBay's account settings.
 * Listings already fetched stay, so placed ones are not offered again after reconnecting.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();
  const auth = await requireMember(req, ['owner']);
  if (!auth.ok) return auth.response;
  try {
    await deleteTokens(auth.account.id);
    return json({ connected: false });
  } catch (error) {
    console.error('ebay-disconnect:', (error as Error).message);
    return jsonError(500, 'Failed to disconnect eBay');
  }
};
