// @vitest-environment node
// The device copy's database name: per user and account, in the format copies made before the
// account model were given (a seller's own account then had their id), so those are still found.
import { describe, expect, it } from 'vitest';
import { deviceDbName } from '../../../../src/data/offline/device-db';
import { accountIdOf, userIdOf } from '../../../../src/domain/ids';

const user = userIdOf('9b2f6c1e-0000-4000-8000-000000000001');

describe('deviceDbName', () => {
  it("names an own account from before the account model (the user's id) as it always did", () => {
    expect(deviceDbName(accountIdOf(user), user)).toBe(`stockroom-device-${user}`);
  });

  it('names every other account by the user and the account: a new own account too', () => {
    const own = accountIdOf('5d0c0a77-0000-4000-8000-000000000002');
    expect(deviceDbName(own, user)).toBe(`stockroom-device-${user}-${own}`);
  });

  it('names the account alone when no user is set', () => {
    const account = accountIdOf('5d0c0a77-0000-4000-8000-000000000003');
    expect(deviceDbName(account, null)).toBe(`stockroom-device-${account}`);
  });
});
