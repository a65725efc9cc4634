import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planForPrice, priceForPlan } from '../../netlify/lib/billing-plans.ts';
import { ConfigError, stripeEnv } from '../../netlify/lib/env.ts';
import { ownUrl, settingsUrl } from '../../netlify/lib/return-urls.ts';

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

  it('reads the sandbox address and the deadline shown, defaulting to Stripe\'s 14-day retry window', () => {
    Object.assign(process.env, complete, {
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '4242',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(stripeEnv()).toMatchObject({
      STRIPE_API_PORT: 4242,
      STRIPE_API_PROTOCOL: 'http',
      OVERDUE_GRACE_DAYS: 14,
    });
    process.env.OVERDUE_GRACE_DAYS = '21';
    expect(stripeEnv().OVERDUE_GRACE_DAYS).toBe(21);
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
  it("accepts pages of the site's own origins only (URL, DEPLOY_PRIME_URL), never the request's", () => {
    process.env.URL = 'https://stockroom.example';
    process.env.DEPLOY_PRIME_URL = 'https://deploy-preview-7--stockroom.netlify.app';
    expect(ownUrl('https://stockroom.example/dashboard?x=1')).toBe(
      'https://stockroom.example/dashboard?x=1',
    );
    expect(ownUrl('https://deploy-preview-7--stockroom.netlify.app/pricing')).toBe(
      'https://deploy-preview-7--stockroom.netlify.app/pricing',
    );
    expect(settingsUrl('&checkout=cancelled')).toBe(
      'https://stockroom.example/dashboard/settings?tab=subscription&checkout=cancelled',
    );
    expect(ownUrl('http://127.0.0.1:5173/dashboard')).toBeNull();
    expect(ownUrl('https://evil.example/')).toBeNull();
    expect(ownUrl('https://stockroom.example.evil.example/')).toBeNull();
    expect(ownUrl('javascript:alert(1)')).toBeNull();
    expect(ownUrl('/dashboard')).toBeNull();
    expect(ownUrl(42)).toBeNull();
    delete process.env.URL;
    delete process.env.DEPLOY_PRIME_URL;
    expect(settingsUrl()).toBeNull();
  });
});
