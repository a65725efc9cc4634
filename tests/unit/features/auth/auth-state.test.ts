// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import {
  authReducer,
  initialAuthState,
  type AuthState,
} from '../../../../src/features/auth/auth-state';

function session(email = 'sam@example.com', id = 'user-1', token = 'a'): Session {
  return {
    access_token: token,
    refresh_token: 'r',
    expires_in: 3600,
    expires_at: 2_000_000_000,
    token_type: 'bearer',
    user: {
      id,
      email,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: '2026-01-01T00:00:00Z',
    },
  };
}

const signedIn: AuthState = authReducer(initialAuthState, {
  event: 'SIGNED_IN',
  session: session(),
});

describe('authReducer', () => {
  it('starts loading', () => {
    expect(initialAuthState.status).toBe('loading');
  });

  it('ends loading on INITIAL_SESSION, signed in or not', () => {
    expect(
      authReducer(initialAuthState, { event: 'INITIAL_SESSION', session: null }),
    ).toMatchObject({
      status: 'unauthenticated',
      user: null,
    });
    expect(
      authReducer(initialAuthState, { event: 'INITIAL_SESSION', session: session() }),
    ).toMatchObject({ status: 'authenticated', user: { id: 'user-1', name: 'sam' } });
  });

  it('signs in with the name taken from the e-mail', () => {
    expect(signedIn).toMatchObject({
      status: 'authenticated',
      user: { id: 'user-1', email: 'sam@example.com', name: 'sam' },
    });
  });

  it('signs out, remembering whether the user asked to', () => {
    expect(authReducer(signedIn, { event: 'SIGNED_OUT', session: null })).toEqual({
      status: 'unauthenticated',
      session: null,
      user: null,
      recovering: false,
      signingOut: false,
      signedOutByUser: false,
      // Not asked for: the sign-in page says the session has ended.
      sessionEnded: true,
      // and keeps its last token, to ask why it ended
      endedToken: 'a',
    });
    // A second SIGNED_OUT keeps the token; a sign-in forgets it.
    const again = authReducer(authReducer(signedIn, { event: 'SIGNED_OUT', session: null }), {
      event: 'SIGNED_OUT',
      session: null,
    });
    expect(again).toMatchObject({ sessionEnded: true, endedToken: 'a' });
    expect(authReducer(again, { event: 'SIGNED_IN', session: session() }).endedToken).toBeNull();
    const asked = authReducer(
      { ...signedIn, signingOut: true },
      { event: 'SIGNED_OUT', session: null },
    );
    expect(asked).toMatchObject({
      signedOutByUser: true,
      signingOut: false,
      sessionEnded: false,
      endedToken: null,
    });
    const back = authReducer(asked, { event: 'SIGNED_IN', session: session() });
    expect(back.signedOutByUser).toBe(false);
  });

  it('takes new tokens on TOKEN_REFRESHED without changing the user object', () => {
    const next = authReducer(signedIn, {
      event: 'TOKEN_REFRESHED',
      session: session(undefined, undefined, 'b'),
    });
    expect(next.session?.access_token).toBe('b');
    expect(next.user).toBe(signedIn.user);
  });

  it('follows an e-mail change on USER_UPDATED', () => {
    const next = authReducer(signedIn, {
      event: 'USER_UPDATED',
      session: session('new.name@example.com'),
    });
    expect(next.user?.name).toBe('new.name');
  });

  it('enters and leaves password recovery', () => {
    const recovering = authReducer(initialAuthState, {
      event: 'PASSWORD_RECOVERY',
      session: session(),
    });
    expect(recovering).toMatchObject({ status: 'authenticated', recovering: true });
    const updated = authReducer(recovering, { event: 'USER_UPDATED', session: session() });
    expect(updated.recovering).toBe(false);
  });

  it('keeps the session after MFA_CHALLENGE_VERIFIED', () => {
    const next = authReducer(signedIn, {
      event: 'MFA_CHALLENGE_VERIFIED',
      session: session(undefined, undefined, 'aal2'),
    });
    expect(next).toMatchObject({ status: 'authenticated', session: { access_token: 'aal2' } });
  });

  it('treats an event without a session as signed out', () => {
    expect(authReducer(signedIn, { event: 'TOKEN_REFRESHED', session: null }).status).toBe(
      'unauthenticated',
    );
  });
});
