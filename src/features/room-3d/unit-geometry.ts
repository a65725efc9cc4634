import { BoxGeometry, BufferGeometry, Float32BufferAttribute } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { PANEL, UNIT_SIZES } from '../../domain/layout-3d';
import type { UnitType } from '../../domain/unit-naming';

/**
 * One merged geometry per unit type, in the unit's own frame: base centred on the origin, front
 * facing +z. Each part carries a vertex shade that the instance colour (the seller's scheme)
 * multiplies, so a cabinet's doors read darker than its body within one draw call.
 */
function part(
  width: number,
  height: number,
  depth: number,
  x: number,
  y: number,
  z: number,
  shade = 1,
): BufferGeometry {
  const geometry = new BoxGeometry(width, height, depth).toNonIndexed();
  geometry.translate(x, y, z);
  const count = geometry.getAttribute('position').count;
  geometry.setAttribute('color', new Float32BufferAttribute(new Array(count * 3).fill(shade), 3));
  return geometry;
}

function merged(parts: BufferGeometry[]): BufferGeometry {
  const geometry = mergeGeometries(parts);
  for (const piece of parts) piece.dispose();
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}

/** Bay: an open steel rack, four uprights with a base and a top frame; shelves are drawn apart. */
function bay(): BufferGeometry {
  const { width: w, depth: d, height: h } = UNIT_SIZES.bay;
  const post = 0.05;
  const parts: BufferGeometry[] = [];
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      parts.push(part(post, h, post, sx * (w / 2 - post / 2), h / 2, sz * (d / 2 - post / 2), 0.8));
    }
  }
  parts.push(part(w, PANEL, d, 0, PANEL / 2, 0, 0.9));
  parts.push(part(w, post, post, 0, h - post / 2, d / 2 - post / 2, 0.8));
  parts.push(part(w, post, post, 0, h - post / 2, -d / 2 + post / 2, 0.8));
  return merged(parts);
}

/** Box: a closed crate with a slightly darker lid. */
function box(): BufferGeometry {
  const { width: w, depth: d, height: h } = UNIT_SIZES.box;
  return merged([
    part(w, h - PANEL, d, 0, (h - PANEL) / 2, 0, 1),
    part(w + 0.02, PANEL, d + 0.02, 0, h - PANEL / 2, 0, 0.8),
  ]);
}

/** Cabinet: a tall body with two doors and handles on the front. */
function cabinet(): BufferGeometry {
  const { width: w, depth: d, height: h } = UNIT_SIZES.cabinet;
  const door = (w - 0.03) / 2;
  const parts = [part(w, h, d, 0, h / 2, 0, 1)];
  for (const side of [-1, 1]) {
    const centre = side * (door / 2 + 0.005);
    parts.push(part(door, h - 0.08, 0.02, centre, h / 2, d / 2 + 0.01, 0.78));
    parts.push(part(0.02, 0.18, 0.03, side * 0.05, h / 2, d / 2 + 0.035, 0.35));
  }
  return merged(parts);
}

/** Bin: a low open tote, a floor and four thin walls. */
function bin(): BufferGeometry {
  const { width: w, depth: d, height: h } = UNIT_SIZES.bin;
  const wall = 0.02;
  return merged([
    part(w, PANEL, d, 0, PANEL / 2, 0, 0.85),
    part(w, h, wall, 0, h / 2, d / 2 - wall / 2, 1),
    part(w, h, wall, 0, h / 2, -d / 2 + wall / 2, 1),
    part(wall, h, d - 2 * wall, w / 2 - wall / 2, h / 2, 0, 0.92),
    part(wall, h, d - 2 * wall, -w / 2 + wall / 2, h / 2, 0, 0.92),
  ]);
}

export function unitGeometry(type: UnitType): BufferGeometry {
  switch (type) {
    case 'bay':
      return bay();
    case 'box':
      return box();
    case 'cabinet':
      return cabinet();
    case 'bin':
      return bin();
  }
}
