import { describe, expect, it } from 'vitest';
import { confirmationRedirectUrl } from '../../../../src/data/auth/sign-up';

describe('confirmationRedirectUrl', () => {
  it("sends the confirmation link back to this site's sign-in page", () => {
    expect(confirmationRedirectUrl('https://stockroom.example')).toBe(
      'https://stockroom.example/login',
    );
    expect(confirmationRedirectUrl()).toBe(`${window.location.origin}/login`);
  });
});
