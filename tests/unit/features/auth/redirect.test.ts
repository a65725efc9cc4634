// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AFTER_LOGIN,
  isSafeRedirect,
  loginPathFor,
  redirectTargetFrom,
} from '../../../../src/features/auth/redirect';

describe('redirect after login', () => {
  it('sends a signed-out visitor to /login remembering the page', () => {
    expect(loginPathFor({ pathname: '/dashboard/import' })).toBe(
      '/login?redirectTo=%2Fdashboard%2Fimport',
    );
    expect(loginPathFor({ pathname: '/dashboard/settings', search: '?tab=subscription' })).toBe(
      '/login?redirectTo=%2Fdashboard%2Fsettings%3Ftab%3Dsubscription',
    );
  });

  it('returns to the remembered page after sign-in', () => {
    const login = loginPathFor({ pathname: '/dashboard/settings', search: '?tab=subscription' });
    expect(redirectTargetFrom(login.slice(login.indexOf('?')))).toBe(
      '/dashboard/settings?tab=subscription',
    );
  });

  it('goes to the inventory when nothing was remembered', () => {
    expect(redirectTargetFrom('')).toBe(DEFAULT_AFTER_LOGIN);
    expect(DEFAULT_AFTER_LOGIN).toBe('/dashboard/inventory');
  });

  it('never leaves the site or loops back to the auth pages', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/signup/',
      '/login?redirectTo=/dashboard',
      '/dash\nboard',
      '',
    ]) {
      expect(isSafeRedirect(target)).toBe(false);
      expect(redirectTargetFrom(`?redirectTo=${encodeURIComponent(target)}`)).toBe(
        DEFAULT_AFTER_LOGIN,
      );
    }
    expect(loginPathFor({ pathname: '//evil.example' })).toBe('/login');
  });
});
