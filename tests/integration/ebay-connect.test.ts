import { afterAll, describe, expect, it } from 'vitest';
import { callFunction, createSeller } from '../helpers/billing.ts';
import { closeDb } from '../helpers/db-users.ts';
import {
  authorize,
  connectEbay,
  connectionStats,
  ebaySandbox,
  getFunction,
  newState,
  storedTokens,
} from '../helpers/ebay.ts';
import { stack } from '../helpers/stack.ts';
import { invokeFunction } from '../../local/app-server.ts';

afterAll(closeDb);

describe('connecting eBay (authorize -> sandbox -> ebay-auth-callback)', () => {
  it("builds eBay's authorize URL with client id, code response, RuName, scopes, state and prompt=login", async () => {
    const seller = await createSeller('ebay');
    const state = newState();
    const res = await getFunction<{ url: string }>(`ebay-auth-url?state=${state}`, seller.token);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin + url.pathname).toBe(`${stack().ebayUrl}/oauth2/authorize`);
    expect(url.searchParams.get('client_id')).toBe(process.env.EBAY_CLIENT_ID);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(process.env.EBAY_RU_NAME);
    expect(url.searchParams.get('scope')).toContain('sell.fulfillment.readonly');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(res.body.url).not.toContain(process.env.EBAY_CLIENT_SECRET!);
  });

  it('refuses a missing or malformed state and callers without a session', async () => {
    const seller = await createSeller('ebay');
    expect((await getFunction('ebay-auth-url', seller.token)).status).toBe(400);
    expect((await getFunction('ebay-auth-url?state=short', seller.token)).body).toEqual({
      error: 'Invalid state parameter',
    });
    expect((await getFunction(`ebay-auth-url?state=${newState()}`, null)).status).toBe(401);
  });

  it('the sandbox sends the seller back to /dashboard/ebay/callback with the same state and a code', async () => {
    const seller = await createSeller('ebay');
    const state = newState();
    const back = await authorize(seller.token, state);
    expect(back.origin + back.pathname).toBe(`${stack().appUrl}/dashboard/ebay/callback`);
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it("exchanges the code and stores the tokens for the bearer's user without returning them", async () => {
    const seller = await createSeller('ebay');
    const res = await connectEbay(seller.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ connected: true, expires_in: 7200 });
    const stored = await storedTokens(seller.accountId);
    expect(stored?.access_token).toMatch(/^v\^1\.1/);
    expect(stored?.refresh_token).toMatch(/^v\^1\.1/);
    expect(JSON.stringify(res.body)).not.toContain(stored!.access_token);
    expect(Date.parse(stored!.expires_at!)).toBeGreaterThan(Date.now() + 7000_000);
    // The browser sees that it is connected and until when, never the tokens themselves.
    const mine = await seller.client.from('ebay_tokens').select('account_id, expires_at');
    expect(mine.data).toHaveLength(1);
    const secret = await seller.client.from('ebay_tokens').select('access_token');
    expect(secret.error).not.toBeNull();
    // Asked for the scopes the app needs.
    expect((await connectionStats(seller.accountId)).scopes).toContain(
      'https://api.ebay.com/oauth/api_scope/sell.inventory.readonly',
    );
  });

  it('refuses a missing, forged or reused code with Failed to connect and stores nothing', async () => {
    const seller = await createSeller('ebay');
    const missing = await callFunction('ebay-auth-callback', {}, seller.token);
    expect(missing).toEqual({ status: 400, body: { error: 'Invalid callback parameters' } });
    const forged = await callFunction('ebay-auth-callback', { code: 'v^1.1#forged' }, seller.token);
    expect(forged).toEqual({ status: 400, body: { error: 'Failed to connect' } });
    expect(await storedTokens(seller.accountId)).toBeUndefined();

    const back = await authorize(seller.token);
    const code = back.searchParams.get('code');
    expect((await callFunction('ebay-auth-callback', { code }, seller.token)).status).toBe(200);
    const other = await createSeller('ebay');
    const reused = await callFunction('ebay-auth-callback', { code }, other.token);
    expect(reused.body).toEqual({ error: 'Failed to connect' });
    expect(await storedTokens(other.accountId)).toBeUndefined();
  });

  it('never takes the client secret from the browser, and needs a session', async () => {
    const seller = await createSeller('ebay');
    const back = await authorize(seller.token);
    const withSecret = await callFunction(
      'ebay-auth-callback',
      { code: back.searchParams.get('code'), client_id: 'x', client_secret: 'from-the-browser' },
      seller.token,
    );
    expect(withSecret.status).toBe(400);
    expect(await storedTokens(seller.accountId)).toBeUndefined();
    const anonymous = await callFunction(
      'ebay-auth-callback',
      { code: back.searchParams.get('code') },
      null,
    );
    expect(anonymous.status).toBe(401);
  });

  it("a seller who declines on eBay is sent to the RuName's declined URL, with no code", async () => {
    const seller = await createSeller('ebay');
    const state = newState();
    // Declined for this authorize request only: other files connect sellers meanwhile.
    await ebaySandbox('authorize-mode', { mode: 'deny', state });
    const back = await authorize(seller.token, state);
    // eBay sends a declined consent to the declined URL, not the accept URL.
    expect(back.pathname).toBe('/dashboard/ebay/callback');
    expect(back.searchParams.get('declined')).toBe('true');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBe(state);
  });

  it('disconnect deletes the tokens, after which eBay calls say No eBay token found', async () => {
    const seller = await createSeller('ebay');
    await connectEbay(seller.token);
    expect(await storedTokens(seller.accountId)).toBeDefined();
    const res = await callFunction('ebay-disconnect', {}, seller.token);
    expect(res).toEqual({ status: 200, body: { connected: false } });
    expect(await storedTokens(seller.accountId)).toBeUndefined();
    const inventory = await getFunction('ebay-get-inventory?page=1', seller.token);
    expect(inventory.status).toBe(404);
    expect(inventory.body.error).toBe('No eBay token found');
  });

  it('logs no token, code or secret on the server', async () => {
    // The handlers run in this process here (invokeFunction, as the app server calls them), so
    // what they print is captured.
    const seller = await createSeller('ebay');
    const lines: string[] = [];
    const original = {
      error: console.error,
      log: console.log,
      warn: console.warn,
      info: console.info,
    };
    for (const key of ['error', 'log', 'warn', 'info'] as const) {
      console[key] = (...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      };
    }
    const post = (code: string) =>
      invokeFunction(
        'ebay-auth-callback',
        new Request(`${stack().appUrl}/.netlify/functions/ebay-auth-callback`, {
          method: 'POST',
          headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        }),
        stack().appUrl,
      );
    let code: string;
    try {
      code = (await authorize(seller.token)).searchParams.get('code')!;
      expect((await post(code)).status).toBe(200);
      expect((await post(code)).status).toBe(400); // refused reuse: logs its reason
    } finally {
      Object.assign(console, original);
    }
    expect(lines.join('\n')).toContain('invalid_grant');
    const stored = await storedTokens(seller.accountId);
    for (const secret of [
      code,
      stored!.access_token,
      stored!.refresh_token!,
      process.env.EBAY_CLIENT_SECRET!,
    ]) {
      expect(lines.join('\n')).not.toContain(secret);
    }
  });
});
