import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planForPrice, priceForPlan } from '../../netlify/lib/billing-plans.ts';
import { ConfigError, stripeEnv } from '../../netlify/lib/env.ts';
import { ownUrl } from '../../netlify/lib/return-urls.ts';

// This worker's own process.env, not the stack's: the functions run in the global setup's process.
const NAMES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_GROWING',
  'STRIPE_PRICE_POWER',
  'STRIPE_PRICE_ELITE',
  'STRIPE_API_HOST',
  'STRIPE_API_PORT',
  'STRIPE_API_PROTOCOL',
  'OVERDUE_GRACE_DAYS',
  'URL',
  'DEPLOY_PRIME_URL',
];
let saved: Record<string, string | undefined> = {};

beforeEach(() => {
  saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  for (const n of NAMES) delete process.env[n];
});
afterEach(() => {
  for (const [n, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[n];
    else process.env[n] = v;
  }
});

const complete = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_GROWING: 'price_g',
  STRIPE_PRICE_POWER: 'price_p',
  STRIPE_PRICE_ELITE: 'price_e',
};

describe('billing configuration (netlify/lib/env.ts)', () => {
  it('names every missing variable, and treats blank values as missing', () => {
    Object.assign(process.env, complete, { STRIPE_SECRET_KEY: '  ', STRIPE_PRICE_ELITE: '' });
    expect(() => stripeEnv()).toThrow(ConfigError);
    expect(() => stripeEnv()).toThrow(
      'Billing is not configured: STRIPE_SECRET_KEY is missing; STRIPE_PRICE_ELITE is missing',
    );
  });

  it('never puts a value in its message', () => {
    Object.assign(process.env, complete, { STRIPE_API_PROTOCOL: 'gopher-sk_live_secret' });
    const error = (() => {
      try {
        stripeEnv();
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toContain('STRIPE_API_PROTOCOL');
    expect(error?.message).not.toContain('sk_live_secret');
  });

  it('reads the sandbox address and the grace period, defaulting to 7 days', () => {
    Object.assign(process.env, complete, {
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '4242',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(stripeEnv()).toMatchObject({
      STRIPE_API_PORT: 4242,
      STRIPE_API_PROTOCOL: 'http',
      OVERDUE_GRACE_DAYS: 7,
    });
    process.env.OVERDUE_GRACE_DAYS = '14';
    expect(stripeEnv().OVERDUE_GRACE_DAYS).toBe(14);
  });

  it('maps plans to the configured price ids and back; other prices are not ours', () => {
    Object.assign(process.env, complete);
    const env = stripeEnv();
    expect(priceForPlan(env, 'power')).toBe('price_p');
    expect(planForPrice(env, 'price_e')).toBe('elite');
    expect(planForPrice(env, 'price_other')).toBeNull();
    expect(planForPrice(env, undefined)).toBeNull();
  });
});

describe('return URLs (no open redirect through Stripe)', () => {
  const request = (origin?: string) =>
    new Request('http://functions.local/.netlify/functions/x', {
      method: 'POST',
      headers: origin ? { origin } : {},
    });

  it("accepts pages of the site's URL or the browser's own origin only", () => {
    process.env.URL = 'https://stockroom.example';
    expect(ownUrl('https://stockroom.example/dashboard?x=1', request())).toBe(
      'https://stockroom.example/dashboard?x=1',
    );
    expect(ownUrl('http://127.0.0.1:5173/dashboard', request('http://127.0.0.1:5173'))).toBe(
      'http://127.0.0.1:5173/dashboard',
    );
    expect(ownUrl('https://evil.example/', request())).toBeNull();
    expect(ownUrl('https://stockroom.example.evil.example/', request())).toBeNull();
    expect(ownUrl('javascript:alert(1)', request())).toBeNull();
    expect(ownUrl('/dashboard', request())).toBeNull();
    expect(ownUrl(42, request())).toBeNull();
  });
});
