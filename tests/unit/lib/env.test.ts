// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SUPPORT_EMAIL, EnvError, parseEnv } from '../../../src/lib/env';

const valid = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY: 'anon-key',
};

describe('parseEnv', () => {
  it('accepts the two required variables and defaults the rest', () => {
    expect(parseEnv(valid)).toEqual({
      supabaseUrl: 'http://127.0.0.1:54321',
      supabaseAnonKey: 'anon-key',
      planPrices: {},
      supportEmail: DEFAULT_SUPPORT_EMAIL,
    });
  });

  it('names every missing variable', () => {
    const attempt = () => parseEnv({ VITE_SUPABASE_URL: '  ' });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const envError = error as EnvError;
      expect(envError.missing).toEqual(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']);
      expect(envError.message).toContain('VITE_SUPABASE_URL is missing');
      expect(envError.message).toContain('VITE_SUPABASE_ANON_KEY is missing');
    }
  });

  it('rejects a URL that is not one', () => {
    expect(() => parseEnv({ ...valid, VITE_SUPABASE_URL: 'localhost' })).toThrow(
      /VITE_SUPABASE_URL must be the URL/,
    );
  });

  it('reads configured plan prices', () => {
    const env = parseEnv({ ...valid, VITE_PLAN_PRICES: '{"growing":"$9 / month"}' });
    expect(env.planPrices).toEqual({ growing: '$9 / month' });
  });

  it('explains malformed plan prices', () => {
    expect(() => parseEnv({ ...valid, VITE_PLAN_PRICES: 'nine dollars' })).toThrow(
      /VITE_PLAN_PRICES must be a JSON object/,
    );
    expect(() => parseEnv({ ...valid, VITE_PLAN_PRICES: '{"growing":""}' })).toThrow(
      /VITE_PLAN_PRICES must map plan ids/,
    );
  });
});

describe('getEnv', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).__STOCKROOM_ENV__;
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('prefers the settings the server put in the page to those built in', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://built-in.supabase.co');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'built-in-key');
    (globalThis as Record<string, unknown>).__STOCKROOM_ENV__ = {
      VITE_SUPABASE_URL: 'http://127.0.0.1:45321',
      VITE_SUPABASE_ANON_KEY: 'stack-key',
    };
    vi.resetModules();
    const { getEnv } = await import('../../../src/lib/env');
    expect(getEnv()).toMatchObject({ supabaseUrl: 'http://127.0.0.1:45321', supabaseAnonKey: 'stack-key' });
  });

  it('uses the built-in variables when the page carries none, as on Netlify', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://built-in.supabase.co');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'built-in-key');
    vi.resetModules();
    const { getEnv } = await import('../../../src/lib/env');
    expect(getEnv()).toMatchObject({ supabaseUrl: 'https://built-in.supabase.co', supabaseAnonKey: 'built-in-key' });
  });
});
