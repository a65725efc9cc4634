/**
 * Query keys of the accounts the signed-in user belongs to (the account switcher). Scoped by
 * the user (the person), since every stockroom key is scoped by the account.
 */
import type { UserId } from '../../domain/ids';

export const accountKeys = {
  all: ['accounts'] as const,
  mine: (userId: UserId) => ['accounts', userId] as const,
};
