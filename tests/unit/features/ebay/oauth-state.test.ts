import { describe, expect, it } from 'vitest';
import {
  checkCallback,
  createState,
  rememberState,
  STATE_STORAGE_KEY,
  takeState,
} from '../../../../src/features/ebay/oauth-state';

describe('eBay OAuth state', () => {
  it('is 32 random bytes as URL-safe base64, different every time', () => {
    const a = createState();
    const b = createState();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('uses the random source it is given (crypto.getRandomValues by default)', () => {
    const state = createState((bytes) => bytes.fill(255));
    expect(state).toBe('_'.repeat(42) + '8');
  });

  it('is kept in sessionStorage and can be taken once only', () => {
    rememberState('abc-state');
    expect(sessionStorage.getItem(STATE_STORAGE_KEY)).toBe('abc-state');
    expect(takeState()).toBe('abc-state');
    expect(takeState()).toBeNull();
    expect(sessionStorage.getItem(STATE_STORAGE_KEY)).toBeNull();
  });
});

describe("checking eBay's redirect", () => {
  const params = (query: string) => new URLSearchParams(query);

  it('accepts the stored state with a code', () => {
    expect(checkCallback(params('code=v%5E1.1%23abc&state=s1'), 's1')).toEqual({
      ok: true,
      code: 'v^1.1#abc',
    });
  });

  it('refuses a forged, missing or unexpected state with Invalid state parameter', () => {
    for (const [query, stored] of [
      ['code=c&state=forged', 's1'],
      ['code=c', 's1'],
      ['code=c&state=s1', null],
    ] as const) {
      expect(checkCallback(params(query), stored)).toEqual({
        ok: false,
        reason: 'invalid_state',
        message: 'Invalid state parameter',
      });
    }
  });

  it('checks the state before anything else eBay says', () => {
    expect(checkCallback(params('error=access_denied&state=x'), 'y')).toMatchObject({
      reason: 'invalid_state',
    });
  });

  it('a matching state without a code is Invalid callback parameters', () => {
    expect(checkCallback(params('state=s1'), 's1')).toEqual({
      ok: false,
      reason: 'invalid_params',
      message: 'Invalid callback parameters',
    });
  });

  it('a declined consent is a failed connection', () => {
    expect(checkCallback(params('error=access_denied&state=s1'), 's1')).toEqual({
      ok: false,
      reason: 'declined',
      message: 'Failed to connect',
    });
  });
});
