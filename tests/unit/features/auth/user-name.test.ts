// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nameFromEmail } from '../../../../src/features/auth/user-name';

describe('nameFromEmail', () => {
  it('is the part of the e-mail before the @', () => {
    expect(nameFromEmail('sam.seller@example.com')).toBe('sam.seller');
    expect(nameFromEmail('a+shop@x.co')).toBe('a+shop');
  });

  it('copes with missing or odd addresses', () => {
    expect(nameFromEmail(undefined)).toBe('');
    expect(nameFromEmail(null)).toBe('');
    expect(nameFromEmail('')).toBe('');
    expect(nameFromEmail('no-at-sign')).toBe('no-at-sign');
    expect(nameFromEmail('"quoted@local"@example.com')).toBe('"quoted');
  });
});
