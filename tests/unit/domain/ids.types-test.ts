// Checked by `npm run typecheck` (tsconfig includes tests/), not run: each `@ts-expect-error`
// below must meet a type error, or tsc fails with "Unused '@ts-expect-error' directive". So if
// AccountId and UserId ever became one type again, the typecheck would fail here.
import { accountIdOf, userIdOf, type AccountId, type UserId } from '../../../src/domain/ids';

declare function actOnAccount(accountId: AccountId): void;
declare function actAsUser(userId: UserId): void;

const accountId = accountIdOf('00000000-0000-0000-0000-00000000000a');
const userId = userIdOf('00000000-0000-0000-0000-00000000000b');

actOnAccount(accountId);
actAsUser(userId);

// @ts-expect-error an AccountId is not a UserId
actAsUser(accountId);
// @ts-expect-error a UserId is not an AccountId
actOnAccount(userId);
// @ts-expect-error a plain string must be branded where it enters (accountIdOf)
actOnAccount('00000000-0000-0000-0000-00000000000a');
// @ts-expect-error a plain string must be branded where it enters (userIdOf)
actAsUser('00000000-0000-0000-0000-00000000000b');

// Either is still a string wherever a string is enough (a column filter, a storage key).
const asText: string = accountId;
const alsoText: string = userId;

// Query keys keep the brand: a key built for an account does not take a user.
const keyOf = (id: AccountId) => ['inventory', id] as const;
keyOf(accountId);
// @ts-expect-error a key scoped by account is not built from a user id
keyOf(userId);

export { asText, alsoText };
