import type { LimitKind } from '../../domain/plans';
import { getPlan, isPlanLimitError } from '../../domain/plans';
import { errorMessage } from '../../lib/errors';
import { messages, type ToastMessage } from '../../lib/messages';

interface LimitDetail {
  kind: LimitKind;
  plan: string;
  limit: number;
}

function limitDetail(error: unknown): LimitDetail | null {
  const details =
    typeof error === 'object' && error !== null && 'details' in error
      ? (error as { details: unknown }).details
      : undefined;
  if (typeof details !== 'string') return null;
  try {
    const parsed = JSON.parse(details) as Partial<LimitDetail>;
    if (
      (parsed.kind === 'items' || parsed.kind === 'units' || parsed.kind === 'rooms') &&
      typeof parsed.limit === 'number' &&
      typeof parsed.plan === 'string'
    )
      return { kind: parsed.kind, plan: parsed.plan, limit: parsed.limit };
  } catch {
    // not the limit trigger's JSON detail
  }
  return null;
}

/** The catalogue toast for a plan limit of this kind on this plan (the UI's own pre-check). */
export function planLimitToast(kind: LimitKind, planId: string): ToastMessage {
  const plan = getPlan(planId);
  const limit = plan.limits[kind];
  if (kind === 'items') return messages.planLimitItems(limit, plan.id);
  if (kind === 'units') return messages.planLimitUnits(limit, plan.id);
  return messages.planLimitRooms(limit, plan.id);
}

/**
 * When the database refused an insert with PLAN_LIMIT_REACHED, the catalogue toast for it, with
 * the limit and plan the server enforced (its JSON detail); otherwise null.
 */
export function planLimitToastFromError(
  error: unknown,
  fallbackPlanId: string,
): ToastMessage | null {
  if (!isPlanLimitError(error as { message?: string })) return null;
  const detail = limitDetail(error);
  if (!detail) {
    const message = errorMessage(error) ?? '';
    const kind: LimitKind = message.includes(' units ')
      ? 'units'
      : message.includes(' room')
        ? 'rooms'
        : 'items';
    return planLimitToast(kind, fallbackPlanId);
  }
  if (detail.kind === 'items') return messages.planLimitItems(detail.limit, detail.plan);
  if (detail.kind === 'units') return messages.planLimitUnits(detail.limit, detail.plan);
  return messages.planLimitRooms(detail.limit, detail.plan);
}

/** The Postgres error code of a PostgREST error ('23505' unique violation, ...). */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
