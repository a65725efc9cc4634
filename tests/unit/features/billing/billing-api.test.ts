import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({
  current: { access_token: 'token-1' } as { access_token: string } | null,
}));
vi.mock('../../../../src/lib/supabase-client', () => ({
  loadSupabase: async () => ({
    auth: { getSession: async () => ({ data: { session: session.current }, error: null }) },
  }),
}));

import { BillingError, callBillingFunction } from '../../../../src/data/billing/billing-functions';
import { createCheckoutSession } from '../../../../src/data/billing/create-checkout-session';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  session.current = { access_token: 'token-1' };
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const reply = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('callBillingFunction', () => {
  it('POSTs JSON with the bearer token to the function', async () => {
    fetchMock.mockResolvedValue(reply(200, { ok: true }));
    await expect(callBillingFunction('cancel-subscription', { a: 1 })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/.netlify/functions/cancel-subscription');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(init?.body).toBe('{"a":1}');
  });

  it("refuses without a session: 'Not authenticated', and nothing is sent", async () => {
    session.current = null;
    await expect(callBillingFunction('cancel-subscription')).rejects.toThrow('Not authenticated');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a body that is not JSON is 'Invalid response from server'", async () => {
    fetchMock.mockResolvedValue(reply(502, '<html>Bad gateway</html>'));
    await expect(callBillingFunction('cancel-subscription')).rejects.toThrow(
      'Invalid response from server',
    );
  });

  it("the server's error and a card problem's detail come through; Invalid Plan is recognised", async () => {
    fetchMock.mockResolvedValueOnce(
      reply(402, { error: 'Failed to update subscription', detail: 'Your card was declined.' }),
    );
    const declined = await callBillingFunction('change-subscription-plan').catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(BillingError);
    expect((declined as BillingError).message).toBe(
      'Failed to update subscription: Your card was declined.',
    );
    expect((declined as BillingError).detail).toBe('Your card was declined.');

    fetchMock.mockResolvedValueOnce(reply(400, { error: 'Invalid Plan' }));
    const invalid = (await callBillingFunction('change-subscription-plan').catch(
      (e: unknown) => e,
    )) as BillingError;
    expect(invalid.invalidPlan).toBe(true);
  });

  it('a failed request falls back to the operation’s own message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      callBillingFunction('cancel-subscription', {}, 'Failed to cancel subscription'),
    ).rejects.toThrow('Failed to cancel subscription');
    fetchMock.mockResolvedValue(reply(500, {}));
    await expect(
      callBillingFunction('archive-excess-storage', {}, 'Failed to archive storage'),
    ).rejects.toThrow('Failed to archive storage');
  });
});

describe('createCheckoutSession', () => {
  it('asks for the plan with return URLs on this site and resolves to the session URL', async () => {
    fetchMock.mockResolvedValue(reply(200, { sessionUrl: 'https://checkout.example/c/pay/cs_1' }));
    await expect(createCheckoutSession('growing')).resolves.toBe(
      'https://checkout.example/c/pay/cs_1',
    );
    const body = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as Record<string, string>;
    expect(body.planId).toBe('growing');
    expect(body.successUrl).toBe(
      `${window.location.origin}/dashboard/settings?tab=subscription&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(body.cancelUrl).toBe(
      `${window.location.origin}/dashboard/settings?tab=subscription&checkout=cancelled`,
    );
  });

  it("an answer without a URL is 'No session URL in response'", async () => {
    fetchMock.mockResolvedValue(reply(200, { sessionId: 'cs_1' }));
    await expect(createCheckoutSession('power')).rejects.toThrow('No session URL in response');
  });

  it("a failure without a message is 'Failed to create checkout session'", async () => {
    fetchMock.mockResolvedValue(reply(502, {}));
    await expect(createCheckoutSession('power')).rejects.toThrow(
      'Failed to create checkout session',
    );
  });
});
