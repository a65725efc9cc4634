import type { LimitKind } from '../../domain/plans';
import { getPlan } from '../../domain/plans';
import { toDataError } from '../errors';
import { messages, type ToastMessage } from '../../lib/messages';

/** The catalogue toast for a plan limit of this kind on this plan (the UI's own pre-check). */
export function planLimitToast(kind: LimitKind, planId: string): ToastMessage {
  const plan = getPlan(planId);
  const limit = plan.limits[kind];
  if (kind === 'items') return messages.planLimitItems(limit, plan.id);
  if (kind === 'units') return messages.planLimitUnits(limit, plan.id);
  return messages.planLimitRooms(limit, plan.id);
}

/**
 * When the database refused an insert with a plan limit, the catalogue toast for it, with the
 * limit and plan the server enforced; otherwise null.
 */
export function planLimitToastFromError(
  error: unknown,
  fallbackPlanId: string,
): ToastMessage | null {
  const refused = toDataError(error).planLimit;
  if (!refused) return null;
  if (refused.plan === undefined || refused.limit === undefined)
    return planLimitToast(refused.kind, fallbackPlanId);
  if (refused.kind === 'items') return messages.planLimitItems(refused.limit, refused.plan);
  if (refused.kind === 'units') return messages.planLimitUnits(refused.limit, refused.plan);
  return messages.planLimitRooms(refused.limit, refused.plan);
}
