import { getPlan, type LimitKind, type Usage } from './plans';
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

/** The order kinds are named in: the larger storage first. */
const KINDS: readonly LimitKind[] = ['rooms', 'units', 'items'];

/** 'a', 'a and b', 'a, b and c'. */
function joined(parts: readonly string[]): string {
  return parts.length < 2
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * What "Restore" says before the seller confirms: a whole restore replaces the stockroom with
 * what the backup holds, so it must fit the plan's limits on its own. Null when it fits; else
 * blocked, naming each limit it goes over. The database still refuses it (restore_backup).
 */
export function restoreLimitNotice(
  planId: string | null | undefined,
  holds: Usage,
): LimitNotice | null {
  const plan = getPlan(planId);
  const over = KINDS.filter((kind) => holds[kind] > plan.limits[kind]);
  if (over.length === 0) return null;
  const held = joined(over.map((kind) => countOf(holds[kind], NOUN[kind])));
  const allowed = joined(over.map((kind) => countOf(plan.limits[kind], NOUN[kind])));
  return {
    blocked: true,
    message: `This backup holds ${held}; your ${plan.name} plan allows ${allowed}. Upgrade to restore it.`,
  };
}

/**
 * What restoring one deleted thing adds to the stockroom: a unit itself and the items in it, a
 * shelf its items (shelves have no limit), an item one item row whatever its quantity.
 */
export function restoreAdds(kind: 'item' | 'shelf' | 'unit', itemCount: number): Usage {
  if (kind === 'item') return { rooms: 0, units: 0, items: 1 };
  return { rooms: 0, units: kind === 'unit' ? 1 : 0, items: itemCount };
}

/**
 * What "Restore one thing" says beside a thing that would take the stockroom over a limit of
 * its plan: what it adds and how much room is left. Null when it fits.
 */
export function restoreOneLimitNotice(
  planId: string | null | undefined,
  usage: Usage,
  adds: Usage,
): LimitNotice | null {
  const plan = getPlan(planId);
  const over = KINDS.filter(
    (kind) => adds[kind] > 0 && usage[kind] + adds[kind] > plan.limits[kind],
  );
  if (over.length === 0) return null;
  const added = joined(over.map((kind) => countOf(adds[kind], NOUN[kind])));
  const room = joined(
    over.map((kind) => {
      const left = Math.max(0, plan.limits[kind] - usage[kind]);
      return left === 0
        ? `no more ${plural(2, NOUN[kind])}`
        : `${left} more ${plural(left, NOUN[kind])}`;
    }),
  );
  return {
    blocked: true,
    message: `Restoring this adds ${added}; your ${plan.name} plan has room for ${room}. Upgrade to restore it.`,
  };
}
