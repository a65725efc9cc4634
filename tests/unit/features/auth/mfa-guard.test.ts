// @vitest-environment node
import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  assuranceOf,
  guardRoute,
  needsCodeStep,
  sessionNeedsCodeStep,
} from '../../../../src/features/auth/mfa';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function token(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

type FactorStatus = 'verified' | 'unverified';

function session(
  aal: string | undefined,
  factors: Array<{ id?: string; status: FactorStatus; factor_type?: string }> = [],
  accessToken?: string,
): Session {
  return {
    access_token: accessToken ?? token({ sub: 'u1', aal, role: 'authenticated' }),
    refresh_token: 'r',
    expires_in: 3600,
    expires_at: 2_000_000_000,
    token_type: 'bearer',
    user: {
      id: 'u1',
      email: 'sam@example.com',
      app_metadata: {},
      user_metadata: {},
      aud: 'authenticated',
      created_at: '2026-01-01T00:00:00Z',
      factors: factors.map((f, i) => ({
        id: f.id ?? `f${i}`,
        status: f.status,
        factor_type: f.factor_type ?? 'totp',
        friendly_name: 'phone',
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
      })),
    },
  } as unknown as Session;
}

const dashboard = { pathname: '/dashboard/settings', search: '?tab=security', hash: '' };
const backHere = '/login?redirectTo=%2Fdashboard%2Fsettings%3Ftab%3Dsecurity';

describe('assuranceOf (what getAuthenticatorAssuranceLevel says for the stored session)', () => {
  it('reads the current level from the token and the next level from verified factors', () => {
    expect(assuranceOf(session('aal1'))).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(assuranceOf(session('aal1', [{ status: 'verified' }]))).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect(assuranceOf(session('aal2', [{ status: 'verified' }]))).toEqual({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
  });

  it('does not count an unverified (half-finished) enrolment', () => {
    expect(assuranceOf(session('aal1', [{ status: 'unverified' }])).nextLevel).toBe('aal1');
  });

  it('gives nulls without a session, and a null current level for an unreadable token', () => {
    expect(assuranceOf(null)).toEqual({ currentLevel: null, nextLevel: null });
    expect(assuranceOf(session(undefined, [], 'not-a-jwt')).currentLevel).toBeNull();
    expect(assuranceOf(session(undefined, [], 'a.%%%.c')).currentLevel).toBeNull();
    expect(assuranceOf(session('aal3')).currentLevel).toBeNull();
  });

  it('decodes base64url payloads (- and _ in place of + and /)', () => {
    // A claim chosen so that its JSON encodes to base64 with + and / in it.
    const claims = { aal: 'aal2', note: '>>>???' };
    const t = token(claims);
    expect(t.split('.')[1]).toMatch(/[-_]/);
    expect(assuranceOf(session(undefined, [], t)).currentLevel).toBe('aal2');
  });
});

describe('needsCodeStep (the Supabase rule)', () => {
  it('asks for the code when the account can reach aal2 and the session has not', () => {
    expect(needsCodeStep({ currentLevel: 'aal1', nextLevel: 'aal2' })).toBe(true);
    expect(needsCodeStep({ currentLevel: 'aal2', nextLevel: 'aal2' })).toBe(false);
    expect(needsCodeStep({ currentLevel: 'aal1', nextLevel: 'aal1' })).toBe(false);
    expect(needsCodeStep({ currentLevel: null, nextLevel: null })).toBe(false);
  });

  it('treats an unreadable level on a two-factor account as not yet proven', () => {
    expect(needsCodeStep({ currentLevel: null, nextLevel: 'aal2' })).toBe(true);
    expect(sessionNeedsCodeStep(session(undefined, [{ status: 'verified' }], 'garbage'))).toBe(
      true,
    );
  });

  it('sessionNeedsCodeStep is false without a session', () => {
    expect(sessionNeedsCodeStep(null)).toBe(false);
  });
});

describe('guardRoute (RequireAuth)', () => {
  const state = (
    status: 'loading' | 'authenticated' | 'unauthenticated',
    s: Session | null = null,
    signedOutByUser = false,
  ) => ({ status, session: s, signedOutByUser });

  it('waits while the session loads', () => {
    expect(guardRoute(state('loading'), dashboard)).toEqual({ kind: 'loading' });
  });

  it('sends a signed-out visitor to /login, remembering the page', () => {
    expect(guardRoute(state('unauthenticated'), dashboard)).toEqual({
      kind: 'redirect',
      to: backHere,
    });
  });

  it('sends to plain /login after the user chose to sign out', () => {
    expect(guardRoute(state('unauthenticated', null, true), dashboard)).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('lets an account without two-factor through at aal1', () => {
    expect(guardRoute(state('authenticated', session('aal1')), dashboard)).toEqual({
      kind: 'allow',
    });
  });

  it('sends an aal1 session of an account with a verified factor to the code step, remembering the page', () => {
    const aal1 = session('aal1', [{ status: 'verified' }]);
    expect(guardRoute(state('authenticated', aal1), dashboard)).toEqual({
      kind: 'redirect',
      to: backHere,
    });
  });

  it('lets the same account through once the session is aal2', () => {
    const aal2 = session('aal2', [{ status: 'verified' }]);
    expect(guardRoute(state('authenticated', aal2), dashboard)).toEqual({ kind: 'allow' });
  });

  it('is not fooled by an unverified enrolment', () => {
    const half = session('aal1', [{ status: 'unverified' }]);
    expect(guardRoute(state('authenticated', half), dashboard)).toEqual({ kind: 'allow' });
  });
});
