/**
 * The rules of the 3D room layout: how big each kind of unit is, where units and shelves sit in
 * an isle, where an isle may stand on the floor (on the grid, inside the floor, not over another
 * isle), how full a shelf is, and the flat lists of instances the scene draws. Pure: no three.js,
 * no React, no I/O, so the same numbers are unit-tested here and drawn by src/features/room-3d.
 *
 * Units are metres. The floor is a square of floor_size (user_preferences) centred on the
 * origin; y is up. An isle's position_x/position_z is the centre of its footprint and rotation_y
 * turns it about y exactly as three.js does (Object3D.rotation.y), so a local point (x, z) lands
 * at (x·cos + z·sin, −x·sin + z·cos) around the isle's centre.
 */
import { DEFAULT_UNIT_TYPE, isUnitType, type UnitType } from './unit-naming';

export interface UnitSize {
  readonly width: number;
  readonly depth: number;
  readonly height: number;
}

/**
 * Sizes by type, close to what a reseller actually buys: a bay is a 1.2 m steel rack, a box a
 * stackable crate, a cabinet a tall two-door cupboard, a bin a low open tote.
 */
export const UNIT_SIZES: Readonly<Record<UnitType, UnitSize>> = {
  bay: { width: 1.2, depth: 0.6, height: 2.0 },
  box: { width: 0.6, depth: 0.6, height: 0.6 },
  cabinet: { width: 1.0, depth: 0.5, height: 1.9 },
  bin: { width: 0.5, depth: 0.4, height: 0.35 },
};

/**
 * Item slots drawn per shelf, as columns across × rows deep: how the scene pictures a shelf's
 * items. They are a picture, not the capacity: a full shelf (see shelfFullness) fills them all,
 * a half full one half of them.
 */
export const SHELF_GRID: Readonly<Record<UnitType, { cols: number; rows: number }>> = {
  bay: { cols: 8, rows: 3 },
  box: { cols: 4, rows: 2 },
  cabinet: { cols: 8, rows: 2 },
  bin: { cols: 3, rows: 2 },
};

/** The snapping step for dragged and keyboard-moved isles. */
export const GRID_STEP = 0.5;
/** Space between neighbouring units of one isle. */
export const UNIT_GAP = 0.1;
/** Thickness of panels and shelf boards. */
export const PANEL = 0.03;
/** Walkway kept between isles that the view places itself (never-placed isles). */
export const WALKWAY = 1;
/** The footprint of an isle that has no units (it normally cannot exist; drawn as a marker). */
const EMPTY_ISLE: UnitSize = { width: 1, depth: 0.6, height: 0 };
const QUARTER_TURN = Math.PI / 2;
const FULL_TURN = Math.PI * 2;
const EPSILON = 1e-6;

export interface LayoutShelf {
  shelf_id: string;
  shelf_index: number;
}

export interface LayoutUnit {
  unit_id: string;
  unit_name: string;
  unit_type?: string | null;
  unit_index?: number | null;
  /** As stored; the inventory keeps the unit's size preset in it ({"size": 25 | 50 | 100}). */
  position3D?: unknown;
  shelves?: readonly LayoutShelf[] | null;
}

export interface LayoutIsle {
  isle_id: string;
  isle_index: number;
  position_x: number;
  position_z: number;
  rotation_y: number;
  units?: readonly LayoutUnit[] | null;
}

/** Where an isle stands; what the editor changes and 'Save Layout' writes. */
export interface IslePlacement {
  x: number;
  z: number;
  rotation: number;
}

export function unitType(value: string | null | undefined): UnitType {
  return isUnitType(value) ? value : DEFAULT_UNIT_TYPE;
}

/**
 * How much wider and deeper than MEDIUM a unit of each size preset (SMALL 25, MEDIUM 50,
 * LARGE 100; docs/product.md#storage) is drawn. Height stays: a large bay is a longer rack, not a
 * taller one. The presets say nothing physical; these read well on the floor plan.
 */
export const SIZE_PRESET_SCALE: Readonly<Record<number, number>> = { 25: 0.75, 50: 1, 100: 1.5 };

/** The footprint scale of a unit from its stored position3D; 1 when it has no known preset. */
export function unitScale(position3D: unknown): number {
  if (!position3D || typeof position3D !== 'object' || Array.isArray(position3D)) return 1;
  const size = (position3D as { size?: unknown }).size;
  return typeof size === 'number' ? (SIZE_PRESET_SCALE[size] ?? 1) : 1;
}

export function unitSize(type: string | null | undefined, scale = 1): UnitSize {
  const size = UNIT_SIZES[unitType(type)];
  if (scale === 1) return size;
  return {
    width: round(size.width * scale),
    depth: round(size.depth * scale),
    height: size.height,
  };
}

/** Slots across and deep on one shelf: a wider unit has more columns, never fewer than one. */
export function shelfGrid(
  type: string | null | undefined,
  scale = 1,
): { cols: number; rows: number } {
  const grid = SHELF_GRID[unitType(type)];
  return { cols: Math.max(1, Math.round(grid.cols * scale)), rows: grid.rows };
}

export function shelfSlots(type: string | null | undefined, scale = 1): number {
  const grid = shelfGrid(type, scale);
  return grid.cols * grid.rows;
}

/**
 * What the unit size preset means (SMALL 25, MEDIUM 50, LARGE 100; docs/product.md#storage):
 * about how many items the whole unit holds. The add-unit dialogs say so, and the 3D view
 * measures a shelf against its share of it, in the same items it counts on the shelf.
 */
export const UNIT_ITEM_PRESETS: readonly number[] = [25, 50, 100];
/** Units stored without a preset (or with an unknown one) hold as many as MEDIUM. */
export const DEFAULT_UNIT_ITEMS = 50;

/** About how many items a unit holds, from its stored position3D ({"size": 25 | 50 | 100}). */
export function unitItemCapacity(position3D: unknown): number {
  if (!position3D || typeof position3D !== 'object' || Array.isArray(position3D))
    return DEFAULT_UNIT_ITEMS;
  const size = (position3D as { size?: unknown }).size;
  return typeof size === 'number' && UNIT_ITEM_PRESETS.includes(size) ? size : DEFAULT_UNIT_ITEMS;
}

/** A shelf's share of its unit's items: the unit's size spread evenly over its shelves. */
export function shelfCapacity(unitItems: number, shelfCount: number): number {
  const items = Number.isFinite(unitItems) && unitItems > 0 ? unitItems : DEFAULT_UNIT_ITEMS;
  return Math.max(1, Math.round(items / Math.max(1, Math.floor(shelfCount) || 1)));
}

// Same order as the inventory: unit_index, then name for rows without one.
function orderedUnits(units: readonly LayoutUnit[] | null | undefined): LayoutUnit[] {
  return [...(units ?? [])].sort(
    (a, b) =>
      (a.unit_index ?? Number.MAX_SAFE_INTEGER) - (b.unit_index ?? Number.MAX_SAFE_INTEGER) ||
      a.unit_name.localeCompare(b.unit_name),
  );
}

function orderedShelves(shelves: readonly LayoutShelf[] | null | undefined): LayoutShelf[] {
  return [...(shelves ?? [])].sort((a, b) => a.shelf_index - b.shelf_index);
}

/** The isle's footprint before turning: units side by side along x, backs in one line. */
export function isleSize(units: readonly LayoutUnit[] | null | undefined): {
  width: number;
  depth: number;
} {
  const list = units ?? [];
  if (list.length === 0) return { width: EMPTY_ISLE.width, depth: EMPTY_ISLE.depth };
  let width = 0;
  let depth = 0;
  for (const unit of list) {
    const size = unitSize(unit.unit_type, unitScale(unit.position3D));
    width += size.width;
    depth = Math.max(depth, size.depth);
  }
  return { width: round(width + UNIT_GAP * (list.length - 1)), depth };
}

// ---------------------------------------------------------------------------------------------
// Turning and the grid
// ---------------------------------------------------------------------------------------------

export function round(value: number, digits = 6): number {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function snapToGrid(value: number, step = GRID_STEP): number {
  return round(Math.round(value / step) * step);
}

/** An angle in [0, 2π). */
export function normaliseRotation(rotation: number): number {
  const turned = rotation % FULL_TURN;
  const positive = turned < 0 ? turned + FULL_TURN : turned;
  return FULL_TURN - positive < EPSILON ? 0 : round(positive);
}

/** The nearest quarter turn: isles stand square to the walls. */
export function snapRotation(rotation: number): number {
  return normaliseRotation(Math.round(rotation / QUARTER_TURN) * QUARTER_TURN);
}

/** 'Rotate 90°': a quarter turn anticlockwise seen from above. */
export function rotateQuarter(rotation: number): number {
  return snapRotation(snapRotation(rotation) + QUARTER_TURN);
}

/** A local point of an isle (or unit) turned by `rotation` and moved to (x, z). */
export function toWorld(
  origin: { x: number; z: number },
  rotation: number,
  localX: number,
  localZ: number,
): { x: number; z: number } {
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  return {
    x: origin.x + localX * cos + localZ * sin,
    z: origin.z - localX * sin + localZ * cos,
  };
}

export function placementOf(isle: LayoutIsle): IslePlacement {
  return { x: isle.position_x, z: isle.position_z, rotation: isle.rotation_y };
}

// ---------------------------------------------------------------------------------------------
// Footprints: inside the floor, not over each other
// ---------------------------------------------------------------------------------------------

export type Point = readonly [number, number];

/** The four floor corners of an isle at a placement, optionally grown by `margin` each side. */
export function footprint(
  size: { width: number; depth: number },
  placement: IslePlacement,
  margin = 0,
): Point[] {
  const halfW = size.width / 2 + margin;
  const halfD = size.depth / 2 + margin;
  const corners: Array<[number, number]> = [
    [-halfW, -halfD],
    [halfW, -halfD],
    [halfW, halfD],
    [-halfW, halfD],
  ];
  return corners.map(([lx, lz]) => {
    const point = toWorld(placement, placement.rotation, lx, lz);
    return [point.x, point.z] as const;
  });
}

function project(points: readonly Point[], axisX: number, axisZ: number): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const [x, z] of points) {
    const value = x * axisX + z * axisZ;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return [min, max];
}

/**
 * Whether two convex footprints overlap with some area (separating axis test). Footprints that
 * only touch along an edge do not overlap: two isles may stand back to back.
 */
export function footprintsOverlap(a: readonly Point[], b: readonly Point[]): boolean {
  for (const polygon of [a, b]) {
    for (let i = 0; i < polygon.length; i += 1) {
      const [x1, z1] = polygon[i]!;
      const [x2, z2] = polygon[(i + 1) % polygon.length]!;
      // the edge's normal is a candidate separating axis
      const axisX = z2 - z1;
      const axisZ = x1 - x2;
      const length = Math.hypot(axisX, axisZ);
      if (length < EPSILON) continue;
      const [minA, maxA] = project(a, axisX / length, axisZ / length);
      const [minB, maxB] = project(b, axisX / length, axisZ / length);
      if (maxA <= minB + EPSILON || maxB <= minA + EPSILON) return false;
    }
  }
  return true;
}

export function insideFloor(points: readonly Point[], floorSize: number): boolean {
  const half = floorSize / 2 + EPSILON;
  return points.every(([x, z]) => Math.abs(x) <= half && Math.abs(z) <= half);
}

export type PlacementCheck =
  | { ok: true }
  | { ok: false; reason: 'outside' }
  | { ok: false; reason: 'overlap'; isleId: string };

/**
 * Whether `isleId` may stand at `placement` given where the other isles stand: inside the floor
 * and over no other isle. `placements` holds every isle's current placement by id.
 */
export function checkPlacement(
  isles: readonly LayoutIsle[],
  placements: ReadonlyMap<string, IslePlacement>,
  isleId: string,
  placement: IslePlacement,
  floorSize: number,
): PlacementCheck {
  const isle = isles.find((candidate) => candidate.isle_id === isleId);
  if (!isle) return { ok: true };
  const mine = footprint(isleSize(isle.units), placement);
  if (!insideFloor(mine, floorSize)) return { ok: false, reason: 'outside' };
  for (const other of isles) {
    if (other.isle_id === isleId) continue;
    const theirs = footprint(
      isleSize(other.units),
      placements.get(other.isle_id) ?? placementOf(other),
    );
    if (footprintsOverlap(mine, theirs))
      return { ok: false, reason: 'overlap', isleId: other.isle_id };
  }
  return { ok: true };
}

/** A dragged point snapped to the grid, with the isle's turn kept. */
export function snapPlacement(placement: IslePlacement): IslePlacement {
  return {
    x: snapToGrid(placement.x),
    z: snapToGrid(placement.z),
    rotation: snapRotation(placement.rotation),
  };
}

/**
 * Where each isle stands when the view opens. Saved placements are kept in isle order while
 * they fit (inside the floor, clear of the isles kept before); an isle that does not (a new
 * isle still at the default 0,0 over another one) gets the first free grid spot, scanning rows
 * from the back-left corner with a walkway around it. Returns the placements and the ids of the
 * isles moved, which are unsaved until 'Save Layout'.
 */
export function arrangeIsles(
  isles: readonly LayoutIsle[],
  floorSize: number,
): { placements: Map<string, IslePlacement>; moved: string[] } {
  const ordered = [...isles].sort((a, b) => a.isle_index - b.isle_index);
  const placements = new Map<string, IslePlacement>();
  const taken: Point[][] = [];
  const moved: string[] = [];
  const clear = (points: readonly Point[]) =>
    taken.every((other) => !footprintsOverlap(points, other));

  for (const isle of ordered) {
    const size = isleSize(isle.units);
    const saved = placementOf(isle);
    const savedPoints = footprint(size, saved);
    // A seller's own layout is kept as long as it is possible, however tight.
    if (insideFloor(savedPoints, floorSize) && clear(savedPoints)) {
      placements.set(isle.isle_id, saved);
      taken.push(savedPoints);
      continue;
    }
    const spot = freeSpot(size, floorSize, (placement) =>
      clear(footprint(size, placement, WALKWAY - EPSILON)),
    );
    const placement = spot ?? saved; // a full floor: leave it where it was saved
    placements.set(isle.isle_id, placement);
    taken.push(footprint(size, placement));
    if (spot) moved.push(isle.isle_id);
  }
  return { placements, moved };
}

/** The first grid spot, row by row from the back-left corner, where `fits` holds. */
function freeSpot(
  size: { width: number; depth: number },
  floorSize: number,
  fits: (placement: IslePlacement) => boolean,
): IslePlacement | null {
  const half = floorSize / 2;
  // Grid-aligned centres that keep half a walkway between the isle and the walls.
  const startX = snapUp(-half + size.width / 2 + WALKWAY / 2);
  const startZ = snapUp(-half + size.depth / 2 + WALKWAY / 2);
  for (let z = startZ; z + size.depth / 2 <= half + EPSILON; z = round(z + GRID_STEP)) {
    for (let x = startX; x + size.width / 2 <= half + EPSILON; x = round(x + GRID_STEP)) {
      const placement = { x, z, rotation: 0 };
      if (fits(placement)) return placement;
    }
  }
  return null;
}

function snapUp(value: number): number {
  return round(Math.ceil(value / GRID_STEP - EPSILON) * GRID_STEP);
}

// ---------------------------------------------------------------------------------------------
// Units and shelves in an isle
// ---------------------------------------------------------------------------------------------

/** A unit's place in the room: centre of its base, turned with its isle; front faces local +z. */
export interface UnitPlacement {
  unit: LayoutUnit;
  type: UnitType;
  /** Footprint scale of the size preset (1 = MEDIUM); `size` is already scaled. */
  scale: number;
  size: UnitSize;
  x: number;
  z: number;
  rotation: number;
}

/** Units of an isle at a placement, left to right in unit order, backs on the isle's back line. */
export function unitPlacements(isle: LayoutIsle, placement: IslePlacement): UnitPlacement[] {
  const units = orderedUnits(isle.units);
  const { width, depth } = isleSize(units);
  let left = -width / 2;
  return units.map((unit) => {
    const type = unitType(unit.unit_type);
    const scale = unitScale(unit.position3D);
    const size = unitSize(type, scale);
    const local = { x: left + size.width / 2, z: -depth / 2 + size.depth / 2 };
    left += size.width + UNIT_GAP;
    const world = toWorld(placement, placement.rotation, local.x, local.z);
    return {
      unit,
      type,
      scale,
      size,
      x: round(world.x),
      z: round(world.z),
      rotation: placement.rotation,
    };
  });
}

/** What is stored in storage_units."position3D": the unit's base centre and turn. */
export interface Position3D {
  x: number;
  y: number;
  z: number;
  rotation_y: number;
}

export function position3D(placement: UnitPlacement): Position3D {
  return {
    x: round(placement.x, 3),
    y: 0,
    z: round(placement.z, 3),
    rotation_y: round(placement.rotation, 6),
  };
}

/** The height of the top of shelf board k (1-based) of n in a unit of this size. */
export function shelfLevel(size: UnitSize, position: number, count: number): number {
  const inner = size.height - 2 * PANEL;
  const level = inner / Math.max(count, 1);
  return round(PANEL + (position - 1) * level + PANEL);
}

/** The clear height above a shelf board, up to the next one (or the unit's top). */
export function shelfClearance(size: UnitSize, count: number): number {
  return round((size.height - 2 * PANEL) / Math.max(count, 1) - PANEL);
}

export interface Fullness {
  count: number;
  capacity: number;
  /** 0 (empty) to 1 (every slot taken). */
  ratio: number;
  overfull: boolean;
}

/** Items on a shelf against what it holds (shelfCapacity), both counted in items. */
export function shelfFullness(count: number, shelfHolds: number): Fullness {
  const safe = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  const capacity = Number.isFinite(shelfHolds) && shelfHolds >= 1 ? Math.floor(shelfHolds) : 1;
  return { count: safe, capacity, ratio: Math.min(1, safe / capacity), overfull: safe > capacity };
}

const EMPTY_COLOUR = [0x94, 0xa3, 0xb8] as const; // slate: nothing stored
const LOW_COLOUR = [0x22, 0xc5, 0x5e] as const; // green: room to spare
const MID_COLOUR = [0xf5, 0x9e, 0x0b] as const; // amber: filling up
const FULL_COLOUR = [0xef, 0x44, 0x44] as const; // red: full

/** Fill bar colour: green when there is room, through amber, to red when full. */
export function fullnessColour(ratio: number): string {
  if (!(ratio > 0)) return hex(EMPTY_COLOUR);
  const clamped = Math.min(1, ratio);
  const [from, to, t] =
    clamped <= 0.5
      ? [LOW_COLOUR, MID_COLOUR, clamped / 0.5]
      : [MID_COLOUR, FULL_COLOUR, (clamped - 0.5) / 0.5];
  return hex([0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t)));
}

function hex(channels: readonly number[]): string {
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

// ---------------------------------------------------------------------------------------------
// Instances: flat lists the scene turns into one InstancedMesh each
// ---------------------------------------------------------------------------------------------

export interface Transform {
  x: number;
  y: number;
  z: number;
  rotation: number;
}

export interface UnitInstance extends Transform {
  unit_id: string;
  isle_id: string;
  type: UnitType;
  /** Footprint scale (x and z) of the type's geometry. */
  scale: number;
}

export interface ShelfInstance extends Transform {
  shelf_id: string;
  unit_id: string;
  /** Board size (the fill bar spans the same width). */
  width: number;
  depth: number;
  fullness: Fullness;
}

export interface FillBarInstance extends Transform {
  shelf_id: string;
  /** Full width of the bar's track; the filled part is `width * ratio`, from the left. */
  width: number;
  ratio: number;
  colour: string;
}

export interface ItemInstance extends Transform {
  shelf_id: string;
  size: number;
  height: number;
}

export interface RoomInstances {
  units: UnitInstance[];
  shelves: ShelfInstance[];
  fillBars: FillBarInstance[];
  items: ItemInstance[];
  /** Where each unit stands, by id: for focusing and position3D. */
  unitPlacements: Map<string, UnitPlacement>;
}

/** How far in front of a unit's face its fill bars stand, so closed units show them too. */
export const FILL_BAR_OFFSET = 0.015;
export const FILL_BAR_HEIGHT = 0.04;

/**
 * Every drawable instance of a room: one entry per unit, shelf, fill bar and (up to each shelf's
 * share of its slots) item. `itemsByShelf` gives the number of items on each shelf.
 */
export function roomInstances(
  isles: readonly LayoutIsle[],
  placements: ReadonlyMap<string, IslePlacement>,
  itemsByShelf: ReadonlyMap<string, number>,
): RoomInstances {
  const result: RoomInstances = {
    units: [],
    shelves: [],
    fillBars: [],
    items: [],
    unitPlacements: new Map(),
  };
  for (const isle of isles) {
    const placement = placements.get(isle.isle_id) ?? placementOf(isle);
    for (const unitPlacement of unitPlacements(isle, placement)) {
      const { unit, type, size, rotation, scale } = unitPlacement;
      const origin = { x: unitPlacement.x, z: unitPlacement.z };
      result.unitPlacements.set(unit.unit_id, unitPlacement);
      result.units.push({
        unit_id: unit.unit_id,
        isle_id: isle.isle_id,
        type,
        scale,
        x: origin.x,
        y: 0,
        z: origin.z,
        rotation,
      });
      const shelves = orderedShelves(unit.shelves);
      const innerWidth = size.width - 2 * PANEL;
      const innerDepth = size.depth - 2 * PANEL;
      const clearance = shelfClearance(size, shelves.length);
      const grid = shelfGrid(type, scale);
      const slots = grid.cols * grid.rows;
      const capacity = shelfCapacity(unitItemCapacity(unit.position3D), shelves.length);
      shelves.forEach((shelf, position) => {
        const top = shelfLevel(size, position + 1, shelves.length);
        const fullness = shelfFullness(itemsByShelf.get(shelf.shelf_id) ?? 0, capacity);
        result.shelves.push({
          shelf_id: shelf.shelf_id,
          unit_id: unit.unit_id,
          x: origin.x,
          y: round(top - PANEL / 2),
          z: origin.z,
          rotation,
          width: innerWidth,
          depth: innerDepth,
          fullness,
        });
        const bar = toWorld(origin, rotation, 0, size.depth / 2 + FILL_BAR_OFFSET);
        result.fillBars.push({
          shelf_id: shelf.shelf_id,
          x: round(bar.x),
          y: round(top + FILL_BAR_HEIGHT / 2),
          z: round(bar.z),
          rotation,
          width: innerWidth,
          ratio: fullness.ratio,
          colour: fullnessColour(fullness.ratio),
        });
        // Item boxes fill the slots row by row from the front-left, as a seller stocks a shelf.
        const slotW = innerWidth / grid.cols;
        const slotD = innerDepth / grid.rows;
        const cube = round(Math.min(slotW, slotD) * 0.75);
        const height = round(Math.max(0.02, Math.min(cube, clearance * 0.7)));
        // As many slots as the shelf is full (at least one box when it holds anything), and
        // never more boxes than items.
        const shown = Math.min(fullness.count, Math.max(1, Math.round(fullness.ratio * slots)));
        for (let slot = 0; slot < shown; slot += 1) {
          const col = slot % grid.cols;
          const row = Math.floor(slot / grid.cols);
          const local = toWorld(
            origin,
            rotation,
            -innerWidth / 2 + slotW * (col + 0.5),
            innerDepth / 2 - slotD * (row + 0.5),
          );
          result.items.push({
            shelf_id: shelf.shelf_id,
            x: round(local.x),
            y: round(top + height / 2),
            z: round(local.z),
            rotation,
            size: cube,
            height,
          });
        }
      });
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Camera
// ---------------------------------------------------------------------------------------------

export type Vec3 = [number, number, number];

export interface CameraView {
  position: Vec3;
  target: Vec3;
}

export interface RoomCamera {
  camera_position_x: number | null;
  camera_position_y: number | null;
  camera_position_z: number | null;
  camera_target_x: number | null;
  camera_target_y: number | null;
  camera_target_z: number | null;
}

/** Looking at the floor's centre from a corner, high enough to see the whole floor. */
export function defaultCamera(floorSize: number): CameraView {
  const distance = Math.max(floorSize, 4) * 0.55;
  return { position: [distance, distance * 0.9, distance], target: [0, 0, 0] };
}

/** The room's saved camera, or the default when it was never saved (or only partly). */
export function roomCamera(room: RoomCamera, floorSize: number): CameraView {
  const values = [
    room.camera_position_x,
    room.camera_position_y,
    room.camera_position_z,
    room.camera_target_x,
    room.camera_target_y,
    room.camera_target_z,
  ];
  if (!values.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    return defaultCamera(floorSize);
  }
  const [px, py, pz, tx, ty, tz] = values as number[];
  return { position: [px!, py!, pz!], target: [tx!, ty!, tz!] };
}

/** Camera numbers as saved: millimetres are plenty and keep the row readable. */
export function roundCamera(view: CameraView): CameraView {
  return {
    position: view.position.map((value) => round(value, 3)) as Vec3,
    target: view.target.map((value) => round(value, 3)) as Vec3,
  };
}

/** Whether the camera moved enough to be worth saving (1 cm or more anywhere). */
export function cameraMoved(a: CameraView, b: CameraView, tolerance = 0.01): boolean {
  return [...a.position, ...a.target].some(
    (value, i) => Math.abs(value - ([...b.position, ...b.target][i] ?? 0)) >= tolerance,
  );
}

/** A view of a unit from in front of it, a little above, for 'jump to unit'. */
export function focusOnUnit(placement: UnitPlacement): CameraView {
  const target: Vec3 = [placement.x, round(placement.size.height / 2), placement.z];
  const distance = Math.max(2.5, placement.size.height * 2);
  const front = toWorld({ x: placement.x, z: placement.z }, placement.rotation, 0, distance);
  return {
    position: [round(front.x), round(target[1] + distance * 0.6), round(front.z)],
    target,
  };
}
