// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { showsLoadingScreen } from '../../../src/lib/loading-rule';

describe('showsLoadingScreen', () => {
  it.each(['/', '/features', '/pricing'])('lets %s paint at once', (path) => {
    expect(showsLoadingScreen(path)).toBe(false);
  });

  it.each(['/features/', '/Pricing', '/pricing?plan=elite', '/#top', ''])(
    'treats %j as one of the three marketing pages',
    (path) => {
      expect(showsLoadingScreen(path)).toBe(false);
    },
  );

  it.each([
    '/privacy',
    '/terms',
    '/help',
    '/login',
    '/signup',
    '/dashboard',
    '/dashboard/inventory',
    '/dashboard/settings?tab=subscription',
    '/features-old',
    '/pricing/elite',
    '/no-such-page',
  ])('shows the loading screen on %s', (path) => {
    expect(showsLoadingScreen(path)).toBe(true);
  });
});
