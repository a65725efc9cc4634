import type { Usage } from '../../domain/plans';
import { countOwnRows } from '../count-rows';

const FAILURE = 'Your usage could not be counted';

/** How much the seller stores, to show against the plan's limits. */
export async function getUsage(userId: string): Promise<Usage> {
  const [items, units, rooms] = await Promise.all([
    countOwnRows('storage_items', userId, FAILURE),
    countOwnRows('storage_units', userId, FAILURE),
    countOwnRows('storage_rooms', userId, FAILURE),
  ]);
  return { items, units, rooms };
}
