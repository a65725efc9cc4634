// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  GRID_STEP,
  SHELF_GRID,
  UNIT_GAP,
  UNIT_SIZES,
  WALKWAY,
  arrangeIsles,
  cameraMoved,
  checkPlacement,
  defaultCamera,
  focusOnUnit,
  footprint,
  footprintsOverlap,
  fullnessColour,
  insideFloor,
  isleSize,
  normaliseRotation,
  position3D,
  roomCamera,
  roomInstances,
  rotateQuarter,
  roundCamera,
  shelfCapacity,
  shelfFullness,
  shelfSlots,
  shelfLevel,
  snapPlacement,
  snapRotation,
  snapToGrid,
  toWorld,
  unitPlacements,
  unitItemCapacity,
  unitScale,
  unitSize,
  type IslePlacement,
  type LayoutIsle,
  type LayoutUnit,
} from '../../../src/domain/layout-3d';
import { UNIT_TYPES } from '../../../src/domain/unit-naming';

const HALF_PI = Math.PI / 2;

function unit(id: string, type: string, index: number, shelves = 1): LayoutUnit {
  return {
    unit_id: id,
    unit_name: id.toUpperCase(),
    unit_type: type,
    unit_index: index,
    shelves: Array.from({ length: shelves }, (_, i) => ({
      shelf_id: `${id}-s${i + 1}`,
      shelf_index: i + 1,
    })),
  };
}

function isle(id: string, index: number, units: LayoutUnit[], x = 0, z = 0, r = 0): LayoutIsle {
  return { isle_id: id, isle_index: index, position_x: x, position_z: z, rotation_y: r, units };
}

const placementsOf = (isles: LayoutIsle[]) =>
  new Map<string, IslePlacement>(
    isles.map((i) => [i.isle_id, { x: i.position_x, z: i.position_z, rotation: i.rotation_y }]),
  );

describe('unit sizes and shelf capacity', () => {
  it('gives every type a size, with the shape the spec describes', () => {
    for (const type of UNIT_TYPES) expect(UNIT_SIZES[type].width).toBeGreaterThan(0);
    // cabinet: tall; bin: low; bay: a wide rack
    expect(UNIT_SIZES.cabinet.height).toBeGreaterThan(UNIT_SIZES.box.height * 2);
    expect(UNIT_SIZES.bin.height).toBeLessThan(UNIT_SIZES.box.height);
    expect(UNIT_SIZES.bay.width).toBeGreaterThan(UNIT_SIZES.box.width);
  });

  it('treats a unit without a known type as a box (the default type)', () => {
    expect(shelfSlots(null)).toBe(SHELF_GRID.box.cols * SHELF_GRID.box.rows);
    expect(shelfSlots('crate')).toBe(shelfSlots('box'));
    expect(shelfSlots('bay')).toBe(24);
  });

  it('reads the size preset as about how many items the unit holds', () => {
    expect(unitItemCapacity({ x: 0, y: 0, z: 0, size: 25 })).toBe(25);
    expect(unitItemCapacity({ size: 100 })).toBe(100);
    // no preset, an unknown one or nonsense: as many as MEDIUM
    expect(unitItemCapacity(null)).toBe(50);
    expect(unitItemCapacity({ size: 70 })).toBe(50);
    expect(unitItemCapacity({ size: '100' })).toBe(50);
    expect(unitItemCapacity([100])).toBe(50);
  });

  it('spreads a unit’s items evenly over its shelves', () => {
    expect(shelfCapacity(50, 1)).toBe(50);
    expect(shelfCapacity(50, 3)).toBe(17);
    expect(shelfCapacity(100, 4)).toBe(25);
    // a unit with no shelves yet, or absurd input, never gives zero or NaN
    expect(shelfCapacity(25, 0)).toBe(25);
    expect(shelfCapacity(25, 100)).toBe(1);
    expect(shelfCapacity(Number.NaN, 2)).toBe(25);
  });
});

describe('size presets (position3D.size)', () => {
  it('widens LARGE and narrows SMALL units, keeping their height', () => {
    expect(unitScale({ x: 0, y: 0, z: 0, size: 25 })).toBe(0.75);
    expect(unitScale({ size: 50 })).toBe(1);
    expect(unitScale({ size: 100 })).toBe(1.5);
    expect(unitScale({ size: 70 })).toBe(1);
    expect(unitScale(null)).toBe(1);
    expect(unitScale([100])).toBe(1);
    expect(unitSize('bay', 1.5)).toEqual({ width: 1.8, depth: 0.9, height: 2 });
  });

  it('gives a wider unit more slots per shelf and a wider isle', () => {
    expect(shelfSlots('bay', 1.5)).toBe(12 * 3);
    expect(shelfSlots('bin', 0.75)).toBe(2 * 2);
    const large = { ...unit('a', 'bay', 1), position3D: { size: 100 } };
    expect(isleSize([large]).width).toBeCloseTo(1.8);
    const [placement] = unitPlacements(isle('i', 1, [large]), { x: 0, z: 0, rotation: 0 });
    expect(placement!.scale).toBe(1.5);
  });
});

describe('shelf fullness', () => {
  it('is the items on the shelf against the items it holds, capped at full', () => {
    expect(shelfFullness(0, 24)).toEqual({ count: 0, capacity: 24, ratio: 0, overfull: false });
    expect(shelfFullness(12, 24).ratio).toBe(0.5);
    expect(shelfFullness(24, 24)).toMatchObject({ ratio: 1, overfull: false });
    expect(shelfFullness(30, 24)).toMatchObject({ ratio: 1, overfull: true, count: 30 });
  });

  it('reads nonsense counts as empty and a nonsense capacity as one', () => {
    expect(shelfFullness(-3, 6).ratio).toBe(0);
    expect(shelfFullness(Number.NaN, 6).ratio).toBe(0);
    expect(shelfFullness(2, 0)).toMatchObject({ capacity: 1, ratio: 1, overfull: true });
  });

  it('colours empty slate, then green, amber and red as the shelf fills', () => {
    expect(fullnessColour(0)).toBe('#94a3b8');
    expect(fullnessColour(0.0001)).toBe('#22c55e');
    expect(fullnessColour(0.5)).toBe('#f59e0b');
    expect(fullnessColour(1)).toBe('#ef4444');
    expect(fullnessColour(7)).toBe('#ef4444');
  });
});

describe('grid and turning', () => {
  it('snaps to the grid step', () => {
    expect(GRID_STEP).toBe(0.5);
    expect(snapToGrid(1.24)).toBe(1);
    expect(snapToGrid(1.26)).toBe(1.5);
    expect(snapToGrid(-0.2)).toBe(0);
    expect(Object.is(snapToGrid(-0.2), -0)).toBe(false);
  });

  it('keeps rotations in [0, 2π) and snaps them to quarter turns', () => {
    expect(normaliseRotation(-HALF_PI)).toBeCloseTo(3 * HALF_PI);
    expect(normaliseRotation(4 * Math.PI)).toBe(0);
    expect(snapRotation(0.7)).toBeCloseTo(0);
    expect(snapRotation(0.9)).toBeCloseTo(HALF_PI);
    expect(snapRotation(2 * Math.PI - 0.01)).toBe(0);
  });

  it('rotates by 90° and comes back after four turns', () => {
    let r = 0;
    const seen: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      r = rotateQuarter(r);
      seen.push(r);
    }
    expect(seen.map((v) => Math.round((v / HALF_PI) * 1000) / 1000)).toEqual([1, 2, 3, 0]);
  });

  it('snaps a dragged placement', () => {
    expect(snapPlacement({ x: 2.3, z: -1.8, rotation: 1.5 })).toEqual({
      x: 2.5,
      z: -2,
      rotation: normaliseRotation(HALF_PI),
    });
  });

  it('turns local points the way three.js turns an object about y', () => {
    // a quarter turn sends local +x to world -z and local +z to world +x
    const p = toWorld({ x: 1, z: 1 }, HALF_PI, 1, 0);
    expect(p.x).toBeCloseTo(1);
    expect(p.z).toBeCloseTo(0);
    const q = toWorld({ x: 0, z: 0 }, HALF_PI, 0, 1);
    expect(q.x).toBeCloseTo(1);
    expect(q.z).toBeCloseTo(0);
  });
});

describe('isle footprints', () => {
  it('lines units up side by side with a gap; depth is the deepest unit', () => {
    const size = isleSize([unit('a', 'bay', 1), unit('b', 'bin', 2)]);
    expect(size.width).toBeCloseTo(1.2 + UNIT_GAP + 0.5);
    expect(size.depth).toBe(0.6);
    expect(isleSize([])).toEqual({ width: 1, depth: 0.6 });
  });

  it('swaps width and depth on a quarter turn', () => {
    const corners = footprint({ width: 4, depth: 1 }, { x: 0, z: 0, rotation: HALF_PI });
    const xs = corners.map(([x]) => x);
    const zs = corners.map(([, z]) => z);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(1);
    expect(Math.max(...zs) - Math.min(...zs)).toBeCloseTo(4);
  });

  it('finds overlaps between turned footprints and lets edges touch', () => {
    const a = footprint({ width: 2, depth: 1 }, { x: 0, z: 0, rotation: 0 });
    expect(
      footprintsOverlap(a, footprint({ width: 2, depth: 1 }, { x: 1, z: 0, rotation: 0 })),
    ).toBe(true);
    // back to back: they share an edge only
    expect(
      footprintsOverlap(a, footprint({ width: 2, depth: 1 }, { x: 0, z: 1, rotation: 0 })),
    ).toBe(false);
    // a long isle turned 90° crosses the first one although their centres are 1.4 apart
    expect(
      footprintsOverlap(
        a,
        footprint({ width: 4, depth: 0.5 }, { x: 0, z: 1.4, rotation: HALF_PI }),
      ),
    ).toBe(true);
    // a 45° turned square whose bounding boxes overlap but shapes do not
    const diamond = footprint({ width: 1, depth: 1 }, { x: 1.65, z: 1.15, rotation: Math.PI / 4 });
    expect(footprintsOverlap(a, diamond)).toBe(false);
  });

  it('knows when a footprint leaves the floor', () => {
    expect(insideFloor(footprint({ width: 2, depth: 1 }, { x: 9, z: 0, rotation: 0 }), 20)).toBe(
      true,
    );
    expect(insideFloor(footprint({ width: 2, depth: 1 }, { x: 9.5, z: 0, rotation: 0 }), 20)).toBe(
      false,
    );
  });
});

describe('checkPlacement', () => {
  const isles = [isle('i1', 1, [unit('a', 'bay', 1)]), isle('i2', 2, [unit('b', 'bay', 1)], 3, 0)];
  const placements = placementsOf(isles);

  it('accepts a free spot, refuses another isle and the floor edge', () => {
    expect(checkPlacement(isles, placements, 'i1', { x: 0, z: 2, rotation: 0 }, 20)).toEqual({
      ok: true,
    });
    expect(checkPlacement(isles, placements, 'i1', { x: 2.5, z: 0, rotation: 0 }, 20)).toEqual({
      ok: false,
      reason: 'overlap',
      isleId: 'i2',
    });
    expect(checkPlacement(isles, placements, 'i1', { x: 0, z: 9.9, rotation: 0 }, 20)).toEqual({
      ok: false,
      reason: 'outside',
    });
  });

  it('uses the other isles’ current (unsaved) placements', () => {
    const moved = new Map(placements);
    moved.set('i2', { x: 6, z: 0, rotation: 0 });
    expect(checkPlacement(isles, moved, 'i1', { x: 3, z: 0, rotation: 0 }, 20)).toEqual({
      ok: true,
    });
  });
});

describe('arrangeIsles', () => {
  it('keeps a saved layout that fits, however tight', () => {
    const isles = [
      isle('i1', 1, [unit('a', 'bay', 1)], 0, 0),
      isle('i2', 2, [unit('b', 'bay', 1)], 1.5, 0),
    ];
    const { placements, moved } = arrangeIsles(isles, 20);
    expect(moved).toEqual([]);
    expect(placements.get('i2')).toEqual({ x: 1.5, z: 0, rotation: 0 });
  });

  it('places never-placed isles (all at 0,0) on free grid spots with a walkway', () => {
    const isles = Array.from({ length: 12 }, (_, i) =>
      isle(`i${i + 1}`, i + 1, [unit(`u${i}`, 'bay', 1), unit(`v${i}`, 'cabinet', 2)]),
    );
    const { placements, moved } = arrangeIsles(isles, 20);
    expect(moved).toHaveLength(11); // isle 1 keeps the centre
    expect(placements.get('i1')).toEqual({ x: 0, z: 0, rotation: 0 });
    const all = isles.map((i) => footprint(isleSize(i.units), placements.get(i.isle_id)!));
    for (const [n, points] of all.entries()) {
      expect(insideFloor(points, 20)).toBe(true);
      const p = placements.get(isles[n]!.isle_id)!;
      expect(snapToGrid(p.x)).toBe(p.x);
      expect(snapToGrid(p.z)).toBe(p.z);
      for (const other of all.slice(n + 1)) expect(footprintsOverlap(points, other)).toBe(false);
    }
    // auto-placed neighbours keep a walkway between them
    const second = footprint(isleSize(isles[1]!.units), placements.get('i2')!, WALKWAY / 2 - 0.01);
    const third = footprint(isleSize(isles[2]!.units), placements.get('i3')!, WALKWAY / 2 - 0.01);
    expect(footprintsOverlap(second, third)).toBe(false);
  });

  it('leaves an isle where it was when the floor is full', () => {
    const isles = [isle('i1', 1, [unit('a', 'bay', 1)]), isle('i2', 2, [unit('b', 'bay', 1)])];
    const { moved, placements } = arrangeIsles(isles, 1.5);
    expect(moved).toEqual([]);
    expect(placements.get('i2')).toEqual({ x: 0, z: 0, rotation: 0 });
  });
});

describe('units and shelves in an isle', () => {
  it('puts units left to right in unit order with backs in line', () => {
    const row = isle('i1', 1, [unit('b', 'bin', 2), unit('a', 'bay', 1)]);
    const [first, second] = unitPlacements(row, { x: 0, z: 0, rotation: 0 });
    expect(first!.unit.unit_id).toBe('a');
    expect(first!.x).toBeCloseTo(-(1.2 + 0.1 + 0.5) / 2 + 0.6);
    expect(second!.x).toBeGreaterThan(first!.x);
    // backs on one line: z - depth/2 equal
    expect(first!.z - first!.size.depth / 2).toBeCloseTo(second!.z - second!.size.depth / 2);
  });

  it('turns units with their isle and stores position3D', () => {
    const row = isle('i1', 1, [unit('a', 'bay', 1), unit('b', 'bay', 2)]);
    const [first] = unitPlacements(row, { x: 5, z: 5, rotation: HALF_PI });
    // turned a quarter: the isle now runs along z, first unit at the +z end
    expect(first!.x).toBeCloseTo(5);
    expect(first!.z).toBeCloseTo(5 + 0.65);
    expect(position3D(first!)).toEqual({ x: 5, y: 0, z: 5.65, rotation_y: 1.570796 });
  });

  it('spreads shelves evenly up a unit', () => {
    const size = UNIT_SIZES.bay;
    expect(shelfLevel(size, 1, 4)).toBeCloseTo(0.06);
    expect(shelfLevel(size, 4, 4) - shelfLevel(size, 3, 4)).toBeCloseTo(
      shelfLevel(size, 2, 4) - shelfLevel(size, 1, 4),
    );
    expect(shelfLevel(size, 4, 4)).toBeLessThan(size.height);
  });
});

describe('roomInstances', () => {
  it('gives one instance per unit, shelf and fill bar and one per stored item up to capacity', () => {
    const isles = [
      isle('i1', 1, [unit('a', 'bay', 1, 3), unit('b', 'bin', 2, 1)]),
      isle('i2', 2, [unit('c', 'cabinet', 1, 2)], 4, 0),
    ];
    // No size preset: each unit holds about 50 items, spread over its shelves.
    const counts = new Map([
      ['a-s1', 1], // 1 of 17: one box of the bay's 24 slots
      ['a-s2', 100], // overfull: drawn full
      ['b-s1', 25], // half of 50: half the bin's 6 slots
    ]);
    const result = roomInstances(isles, placementsOf(isles), counts);
    expect(result.units.map((u) => u.type)).toEqual(['bay', 'bin', 'cabinet']);
    expect(result.shelves).toHaveLength(6);
    expect(result.fillBars).toHaveLength(6);
    expect(result.shelves.find((s) => s.shelf_id === 'a-s1')!.fullness.capacity).toBe(17);
    expect(result.items).toHaveLength(1 + 24 + 3);
    const bar = result.fillBars.find((b) => b.shelf_id === 'a-s2')!;
    expect(bar.ratio).toBe(1);
    expect(bar.colour).toBe('#ef4444');
    expect(result.shelves.find((s) => s.shelf_id === 'a-s2')!.fullness.overfull).toBe(true);
    expect(result.unitPlacements.get('c')!.x).toBeCloseTo(4);
  });

  it('puts a unit’s fill bars in front of its face and its items on its shelves', () => {
    const isles = [isle('i1', 1, [unit('a', 'box', 1, 1)])];
    const result = roomInstances(isles, placementsOf(isles), new Map([['a-s1', 8]]));
    const bar = result.fillBars[0]!;
    expect(bar.z).toBeGreaterThan(UNIT_SIZES.box.depth / 2);
    for (const item of result.items) {
      expect(Math.abs(item.x)).toBeLessThan(UNIT_SIZES.box.width / 2);
      expect(Math.abs(item.z)).toBeLessThan(UNIT_SIZES.box.depth / 2);
      expect(item.y).toBeGreaterThan(0);
    }
  });

  it('handles an Elite-sized room: 100 units, 5000 items', () => {
    const isles = Array.from({ length: 25 }, (_, i) =>
      isle(
        `i${i}`,
        i + 1,
        Array.from({ length: 4 }, (_, j) => unit(`u${i}-${j}`, 'bay', j + 1, 5)),
      ),
    );
    const { placements } = arrangeIsles(isles, 40);
    const counts = new Map<string, number>();
    for (const row of isles)
      for (const u of row.units ?? []) for (const s of u.shelves ?? []) counts.set(s.shelf_id, 10);
    // Timing belongs to the bench (docs/performance.md); here: every unit is drawn, and each full
    // shelf (10 items, its fifth of the bay's 50) shows one box per item, never more.
    const result = roomInstances(isles, placements, counts);
    expect(result.units).toHaveLength(100);
    expect(result.items).toHaveLength(5000);
  });
});

describe('camera', () => {
  it('defaults to a corner view of the floor', () => {
    const view = defaultCamera(20);
    expect(view.target).toEqual([0, 0, 0]);
    expect(view.position[0]).toBeGreaterThan(5);
  });

  it('uses the saved camera only when all six numbers are there', () => {
    const saved = {
      camera_position_x: 1,
      camera_position_y: 2,
      camera_position_z: 3,
      camera_target_x: 4,
      camera_target_y: 5,
      camera_target_z: 6,
    };
    expect(roomCamera(saved, 20)).toEqual({ position: [1, 2, 3], target: [4, 5, 6] });
    expect(roomCamera({ ...saved, camera_target_z: null }, 20)).toEqual(defaultCamera(20));
  });

  it('rounds to millimetres and ignores sub-centimetre moves', () => {
    const view = roundCamera({ position: [1.23456, 2, 3], target: [0, 0.0004, 0] });
    expect(view).toEqual({ position: [1.235, 2, 3], target: [0, 0, 0] });
    expect(cameraMoved(view, { position: [1.24, 2, 3], target: [0, 0, 0] })).toBe(false);
    expect(cameraMoved(view, { position: [1.3, 2, 3], target: [0, 0, 0] })).toBe(true);
  });

  it('focuses on a unit from in front of it', () => {
    const row = isle('i1', 1, [unit('a', 'cabinet', 1)]);
    const [placement] = unitPlacements(row, { x: 2, z: 2, rotation: 0 });
    const view = focusOnUnit(placement!);
    expect(view.target[0]).toBeCloseTo(placement!.x);
    expect(view.position[2]).toBeGreaterThan(placement!.z); // front faces +z
    expect(view.position[1]).toBeGreaterThan(view.target[1]);
  });
});
