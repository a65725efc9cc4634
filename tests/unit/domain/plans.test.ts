// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PLAN_FEATURES,
  PLAN_IDS,
  PLANS,
  canAdd,
  getPlan,
  importLimitMessage,
  minimumPlanFor,
  planAllows,
  planLimitMessage,
  planName,
  type PlanFeature,
  type PlanId,
} from '../../../src/domain/plans.ts';

const SCHEMAS = join(process.cwd(), 'supabase', 'schemas');

interface SqlPlan {
  plan_id: string;
  display_name: string;
  max_items: number;
  max_units: number;
  max_rooms: number;
  max_photo_bytes: number;
  features: Record<PlanFeature, boolean>;
}

/** Parses the `insert into public.plans (...) values (...)` statement of the schema files. */
function plansFromSchema(): SqlPlan[] {
  const files = readdirSync(SCHEMAS)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const sql = files.map((f) => readFileSync(join(SCHEMAS, f), 'utf8')).join('\n');
  const matches = [
    ...sql.matchAll(
      /insert\s+into\s+public\.plans\s*\(([^)]*)\)\s*values\s*([\s\S]*?)(?:\s+on\s+conflict|;)/gi,
    ),
  ];
  expect(matches, 'exactly one insert into public.plans in supabase/schemas').toHaveLength(1);
  const [, columnList, valuesBlock] = matches[0]!;
  const columns = columnList!.split(',').map((c) => c.trim());
  const tuples = [...valuesBlock!.matchAll(/\(([^()]*)\)/g)].map((m) =>
    m[1]!.split(',').map((v) => v.trim()),
  );
  return tuples.map((values) => {
    expect(values).toHaveLength(columns.length);
    const row = Object.fromEntries(columns.map((c, i) => [c, values[i]!]));
    const text = (v: string | undefined) => (v ?? '').replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
    const bool = (v: string | undefined) => {
      expect(['true', 'false']).toContain(v);
      return v === 'true';
    };
    return {
      plan_id: text(row.plan_id),
      display_name: text(row.display_name),
      max_items: Number(row.max_items),
      max_units: Number(row.max_units),
      max_rooms: Number(row.max_rooms),
      max_photo_bytes: Number(row.max_photo_bytes),
      features: Object.fromEntries(
        PLAN_FEATURES.map((f) => [f, bool(row[`feature_${f}`])]),
      ) as Record<PlanFeature, boolean>,
    };
  });
}

describe('plans: TypeScript and SQL agree', () => {
  const sqlPlans = plansFromSchema();

  it('has the same plan ids in the same order', () => {
    expect(sqlPlans.map((p) => p.plan_id)).toEqual([...PLAN_IDS]);
  });

  it.each(PLAN_IDS.map((id) => [id]))('%s has the same name, limits and features', (id) => {
    const sql = sqlPlans.find((p) => p.plan_id === id)!;
    const ts = PLANS[id as PlanId];
    expect(sql.display_name).toBe(ts.name);
    expect({ items: sql.max_items, units: sql.max_units, rooms: sql.max_rooms }).toEqual(ts.limits);
    expect(sql.features).toEqual(ts.features);
    expect(sql.max_photo_bytes).toBe(ts.photoBytes);
  });

  it('the SQL plan_id check lists exactly the plan ids', () => {
    const sql = readFileSync(join(SCHEMAS, '05_plans.sql'), 'utf8');
    const check = /plan_id text primary key check \(plan_id in \(([^)]*)\)\)/.exec(sql);
    expect(check).not.toBeNull();
    expect(check![1]!.split(',').map((v) => v.trim().replace(/'/g, ''))).toEqual([...PLAN_IDS]);
  });
});

describe('plans: limits and features', () => {
  it('has the spec limits', () => {
    expect(PLANS.free.limits).toEqual({ items: 100, units: 3, rooms: 1 });
    expect(PLANS.growing.limits).toEqual({ items: 500, units: 20, rooms: 2 });
    expect(PLANS.power.limits).toEqual({ items: 1000, units: 50, rooms: 5 });
    expect(PLANS.elite.limits).toEqual({ items: 5000, units: 100, rooms: 10 });
  });

  it('names the paid plans as sellers see them', () => {
    expect(PLAN_IDS.map(planName)).toEqual([
      'Free',
      'Growing Seller',
      'Power Seller',
      'Elite Seller',
    ]);
  });

  it('gives free none of the features', () => {
    for (const feature of PLAN_FEATURES) expect(planAllows('free', feature)).toBe(false);
  });

  it('adds features plan by plan', () => {
    expect(minimumPlanFor('view_3d').id).toBe('growing');
    expect(minimumPlanFor('listings').id).toBe('growing');
    expect(minimumPlanFor('barcode_scanning').id).toBe('power');
    expect(minimumPlanFor('restore_backup').id).toBe('power');
    expect(minimumPlanFor('orders').id).toBe('elite');
    // a higher plan never loses a feature of a lower one
    for (let i = 1; i < PLAN_IDS.length; i++) {
      for (const feature of PLAN_FEATURES) {
        if (planAllows(PLAN_IDS[i - 1], feature))
          expect(planAllows(PLAN_IDS[i], feature)).toBe(true);
      }
    }
  });

  it('treats an unknown plan id as free', () => {
    expect(getPlan('platinum').id).toBe('free');
    expect(getPlan(null).id).toBe('free');
    expect(planAllows('platinum', 'orders')).toBe(false);
  });

  it('allows adding up to the limit and not past it', () => {
    expect(canAdd('free', 'items', 99)).toBe(true);
    expect(canAdd('free', 'items', 100)).toBe(false);
    expect(canAdd('free', 'items', 95, 5)).toBe(true);
    expect(canAdd('free', 'items', 95, 6)).toBe(false);
    expect(canAdd('free', 'rooms', 0)).toBe(true);
    expect(canAdd('free', 'rooms', 1)).toBe(false);
    expect(canAdd('growing', 'units', 19)).toBe(true);
    expect(canAdd('growing', 'units', 20)).toBe(false);
  });
});

describe('plans: limit messages (as the database words them)', () => {
  it('words the spec messages', () => {
    expect(planLimitMessage('items', 'free')).toBe(
      'Your free plan only allows 100 items. Visit the pricing page to upgrade your plan',
    );
    expect(planLimitMessage('units', 'free')).toBe(
      'You can only add up to 3 units in your current plan',
    );
    expect(planLimitMessage('rooms', 'free')).toBe(
      'Your free plan is limited to 1 room. Please upgrade to add more',
    );
    expect(planLimitMessage('rooms', 'power')).toBe(
      'Your power plan is limited to 5 rooms. Please upgrade to add more',
    );
    expect(importLimitMessage('free', 5)).toBe(
      'Adding 5 items would exceed your free plan limit of 100 items',
    );
  });

  it('uses the same sentences as the SQL', () => {
    const sql = readFileSync(join(SCHEMAS, '30_storage.sql'), 'utf8');
    expect(sql).toContain(
      "'Your %s plan only allows %s items. Visit the pricing page to upgrade your plan'",
    );
    expect(sql).toContain("'You can only add up to %s units in your current plan'");
    expect(sql).toContain("'Your %s plan is limited to %s %s. Please upgrade to add more'");
    const fns = readFileSync(join(SCHEMAS, '40_items.sql'), 'utf8');
    expect(fns).toContain("'Adding %s items would exceed your %s plan limit of %s items'");
  });
});
