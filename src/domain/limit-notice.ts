import { getPlan, type LimitKind } from './plans';
import { countOf, plural } from './plural';

/** Near the limit means this share of it used or more (issue #39 point 9). */
export const NEAR_LIMIT_SHARE = 0.9;

const NOUN: Record<LimitKind, string> = { items: 'item', units: 'storage unit', rooms: 'room' };

/** What an add action says: `blocked` when nothing more fits. */
export interface LimitNotice {
  blocked: boolean;
  message: string;
}

/**
 * What an add action says where it starts, before any form is filled: at the plan's limit that
 * nothing more fits (blocked), near it how many remain, otherwise nothing. The database still
 * refuses past the limit; this only says it early.
 */
export function limitNotice(
  planId: string | null | undefined,
  kind: LimitKind,
  used: number,
): LimitNotice | null {
  const plan = getPlan(planId);
  const limit = plan.limits[kind];
  const noun = NOUN[kind];
  if (used >= limit)
    return {
      blocked: true,
      message: `Your ${plan.name} plan holds ${countOf(limit, noun)} and you have ${used}. Upgrade to add more.`,
    };
  if (used >= limit * NEAR_LIMIT_SHARE) {
    const left = limit - used;
    return {
      blocked: false,
      message: `Your ${plan.name} plan has room for ${left} more ${plural(left, noun)} (${used} of ${limit} used).`,
    };
  }
  return null;
}
