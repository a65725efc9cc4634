import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  accountIdOf,
  NO_ACCOUNT,
  personalAccountId,
  userIdOf,
  type AccountId,
  type UserId,
} from '../../../src/domain/ids';

describe('account and user ids', () => {
  it('are two types the compiler keeps apart (see ids.types-test.ts)', () => {
    expectTypeOf<AccountId>().not.toEqualTypeOf<UserId>();
    expectTypeOf<AccountId>().not.toMatchTypeOf<UserId>();
    expectTypeOf<UserId>().not.toMatchTypeOf<AccountId>();
    expectTypeOf<AccountId>().toMatchTypeOf<string>();
    expectTypeOf(accountIdOf('a')).toEqualTypeOf<AccountId>();
    expectTypeOf(userIdOf('u')).toEqualTypeOf<UserId>();
  });

  it('are the server’s strings unchanged at run time', () => {
    const id = '9b2f6c1e-0000-4000-8000-000000000001';
    expect(accountIdOf(id)).toBe(id);
    expect(userIdOf(id)).toBe(id);
    expect(NO_ACCOUNT).toBe('');
  });

  it('give the own account of a seller from before the account model their id (device copies)', () => {
    const userId = userIdOf('9b2f6c1e-0000-4000-8000-000000000002');
    expect(personalAccountId(userId)).toBe('9b2f6c1e-0000-4000-8000-000000000002');
    expectTypeOf(personalAccountId(userId)).toEqualTypeOf<AccountId>();
  });
});
