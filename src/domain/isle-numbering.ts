import { changedIndices, lowestUnusedIndex, removeAndRenumber, renumber } from './numbering';

export { lowestUnusedIndex, renumber } from './numbering';

export interface NumberedIsle {
  isle_id: string;
  isle_index: number;
}

export const INVALID_ISLE_NUMBER = 'Invalid isle number';

export function isleNumberInUseMessage(isleNumber: number): string {
  return `Isle number ${isleNumber} is already in use in this room`;
}

/** The number offered for a new isle in a room: the lowest one not taken. */
export function nextIsleIndex(isles: readonly Pick<NumberedIsle, 'isle_index'>[]): number {
  return lowestUnusedIndex(isles.map((isle) => isle.isle_index));
}

export type IsleNumberCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether `isleNumber` may be used in a room holding `isles` (the room's isles only). When an
 * isle is being renumbered, pass its own id so keeping its current number is not a clash.
 */
export function checkIsleNumber(
  isleNumber: number,
  isles: readonly NumberedIsle[],
  renumberingIsleId?: string,
): IsleNumberCheck {
  if (!Number.isInteger(isleNumber) || isleNumber <= 0) {
    return { ok: false, message: INVALID_ISLE_NUMBER };
  }
  const clash = isles.some(
    (isle) => isle.isle_index === isleNumber && isle.isle_id !== renumberingIsleId,
  );
  return clash ? { ok: false, message: isleNumberInUseMessage(isleNumber) } : { ok: true };
}

export function renumberIsles<T extends NumberedIsle>(isles: readonly T[]): T[] {
  return renumber(isles, 'isle_index');
}

/** The room's isles after one is removed, numbered from 1, plus those whose number changed. */
export function removeIsle<T extends NumberedIsle>(
  isles: readonly T[],
  removedIsleId: string,
): { remaining: T[]; changed: T[] } {
  const remaining = removeAndRenumber(isles, 'isle_index', 'isle_id', removedIsleId);
  return { remaining, changed: changedIndices(isles, remaining, 'isle_index', 'isle_id') };
}
