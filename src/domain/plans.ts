/**
 * Subscription plans (docs/product.md#plans): ids, display names, limits and features.
 *
 * The database enforces the same numbers (table public.plans in
 * supabase/schemas/05_plans.sql, used by the limit triggers); tests/unit/domain/plans.test.ts
 * reads that SQL and fails if the two differ.
 * Pure: no I/O, no React.
 */

export const PLAN_IDS = ['free', 'growing', 'power', 'elite'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Feature ids; the same strings the SQL uses (private.plan_allows, public.has_plan_feature). */
export const PLAN_FEATURES = [
  'view_3d',
  'listings',
  'barcode_scanning',
  'restore_backup',
  'orders',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export type LimitKind = 'items' | 'units' | 'rooms';

export interface PlanLimits {
  items: number;
  units: number;
  rooms: number;
}

export interface Plan {
  id: PlanId;
  /** The name sellers see: Free, Growing Seller, Power Seller, Elite Seller. */
  name: string;
  limits: PlanLimits;
  /** Photo storage in bytes (max_photo_bytes; docs/product.md#photos). */
  photoBytes: number;
  features: Readonly<Record<PlanFeature, boolean>>;
}

const MB = 1024 * 1024;

export const DEFAULT_PLAN_ID: PlanId = 'free';

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    limits: { items: 100, units: 3, rooms: 1 },
    photoBytes: 100 * MB,
    features: {
      view_3d: false,
      listings: false,
      barcode_scanning: false,
      restore_backup: false,
      orders: false,
    },
  },
  growing: {
    id: 'growing',
    name: 'Growing Seller',
    limits: { items: 500, units: 20, rooms: 2 },
    photoBytes: 1024 * MB,
    features: {
      view_3d: true,
      listings: true,
      barcode_scanning: false,
      restore_backup: false,
      orders: false,
    },
  },
  power: {
    id: 'power',
    name: 'Power Seller',
    limits: { items: 1000, units: 50, rooms: 5 },
    photoBytes: 5 * 1024 * MB,
    features: {
      view_3d: true,
      listings: true,
      barcode_scanning: true,
      restore_backup: true,
      orders: false,
    },
  },
  elite: {
    id: 'elite',
    name: 'Elite Seller',
    limits: { items: 5000, units: 100, rooms: 10 },
    photoBytes: 20 * 1024 * MB,
    features: {
      view_3d: true,
      listings: true,
      barcode_scanning: true,
      restore_backup: true,
      orders: true,
    },
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan for a stored plan id; unknown or missing ids are treated as free (least access). */
export function getPlan(id: string | null | undefined): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS[DEFAULT_PLAN_ID];
}

export function planName(id: string | null | undefined): string {
  return getPlan(id).name;
}

export function planAllows(id: string | null | undefined, feature: PlanFeature): boolean {
  return getPlan(id).features[feature];
}

/** The cheapest plan that includes a feature (for "upgrade to …" hints). */
export function minimumPlanFor(feature: PlanFeature): Plan {
  const plan = PLAN_IDS.map((id) => PLANS[id]).find((p) => p.features[feature]);
  if (!plan) throw new Error(`No plan includes ${feature}`);
  return plan;
}

export function planLimit(id: string | null | undefined, kind: LimitKind): number {
  return getPlan(id).limits[kind];
}

/** Whether `adding` more rows fit when the user already has `current` of them. */
export function canAdd(
  id: string | null | undefined,
  kind: LimitKind,
  current: number,
  adding = 1,
): boolean {
  return current + adding <= planLimit(id, kind);
}

/** Prefix of every limit error the database raises (message 'PLAN_LIMIT_REACHED: <text>'). */
export const PLAN_LIMIT_REACHED = 'PLAN_LIMIT_REACHED';

/**
 * The limit text (docs/product.md#plans), exactly as the database's limit triggers word it
 * (private.raise_plan_limit). Plans are named by id in the text.
 */
export function planLimitMessage(kind: LimitKind, id: string | null | undefined): string {
  const plan = getPlan(id);
  const limit = plan.limits[kind];
  switch (kind) {
    case 'items':
      return `Your ${plan.id} plan only allows ${limit} items. Visit the pricing page to upgrade your plan`;
    case 'units':
      return `You can only add up to ${limit} units in your current plan`;
    case 'rooms':
      return `Your ${plan.id} plan is limited to ${limit} ${limit === 1 ? 'room' : 'rooms'}. Please upgrade to add more`;
  }
}

/** The import limit text (docs/product.md#plans), as public.import_items words it. */
export function importLimitMessage(id: string | null | undefined, adding: number): string {
  const plan = getPlan(id);
  return `Adding ${adding} items would exceed your ${plan.id} plan limit of ${plan.limits.items} items`;
}

/** How much a seller stores of each limited kind (items, units, rooms). */
export type Usage = Readonly<Record<LimitKind, number>>;
