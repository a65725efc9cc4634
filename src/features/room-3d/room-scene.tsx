import { Html } from '@react-three/drei';
import { useThree, type ThreeEvent } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { Color, Plane, Vector3 } from 'three';
import type { UnitColours } from '../../domain/colour-schemes';
import {
  FILL_BAR_HEIGHT,
  PANEL,
  isleSize,
  toWorld,
  type IslePlacement,
  type LayoutIsle,
  type RoomInstances,
  type UnitInstance,
} from '../../domain/layout-3d';
import { UNIT_TYPES, type UnitType } from '../../domain/unit-naming';
import { InstancedBoxes, type BoxInstance } from './instanced-boxes';
import type { Selection } from './selection';
import { unitGeometry } from './unit-geometry';

export interface RoomSceneProps {
  isles: readonly LayoutIsle[];
  placements: ReadonlyMap<string, IslePlacement>;
  instances: RoomInstances;
  colours: UnitColours;
  floorSize: number;
  /**
   * Where the isle labels go: an element over the canvas that this view owns. drei's <Html>
   * otherwise appends to the canvas' own wrapper (`events.connected`, or the canvas' parent
   * before the events connect), and when that changes — the events connecting, or disconnecting
   * as the canvas unmounts — it re-creates its React root on the same element while the old one's
   * unmount is still queued; the new root clears the element, and the old one then fails with
   * "Failed to execute 'removeChild' on 'Node'" and takes the labels with it. A target that
   * never changes keeps each label on one root. No labels until it exists.
   */
  labelLayer: HTMLElement | null;
  editing: boolean;
  selectedIsleId: string | null;
  refusedIsleId: string | null;
  selection: Selection | null;
  onSelectUnit: (unitId: string) => void;
  onSelectShelf: (shelfId: string, unitId: string) => void;
  onSelectIsle: (isleId: string) => void;
  onDragIsle: (isleId: string, to: IslePlacement) => void;
}

const FLOOR_COLOUR = '#e2e8f0';
const PLATE_COLOUR = '#cbd5e1';
const PLATE_SELECTED = '#3b82f6';
const PLATE_REFUSED = '#ef4444';
const SHELF_COLOUR = '#d6d3d1';
const TRACK_COLOUR = '#475569';
const ITEM_COLOUR = '#c8a165';
const SELECTED_TINT = new Color('#ffffff');
// A click that moved the pointer further than this was an orbit drag, not a pick.
const CLICK_TOLERANCE_PX = 5;

const floorPlane = new Plane(new Vector3(0, 1, 0), 0);
const hit = new Vector3();

function lighten(hex: string, amount: number): string {
  return `#${new Color(hex).lerp(SELECTED_TINT, amount).getHexString()}`;
}

function setControlsEnabled(controls: unknown, enabled: boolean): void {
  if (controls && typeof controls === 'object' && 'enabled' in controls) {
    (controls as { enabled: boolean }).enabled = enabled;
  }
}

interface Drag {
  isleId: string;
  offsetX: number;
  offsetZ: number;
}

/**
 * The room: floor and grid, isle plates, units by type, shelves, fill bars and item boxes — each
 * kind one InstancedMesh. Units and isle plates pick (select, or drag while editing); fill bars
 * pick their shelf.
 */
export function RoomScene(props: RoomSceneProps) {
  const {
    isles,
    placements,
    instances,
    colours,
    floorSize,
    labelLayer,
    editing,
    selectedIsleId,
    refusedIsleId,
    selection,
  } = props;
  const labelPortal = useMemo(() => (labelLayer ? { current: labelLayer } : null), [labelLayer]);
  // Read from the store when a drag starts: the controls mount after this component.
  const getState = useThree((state) => state.get);
  const drag = useRef<Drag | null>(null);
  const geometries = useMemo(
    () => Object.fromEntries(UNIT_TYPES.map((type) => [type, unitGeometry(type)])),
    [],
  ) as Record<UnitType, ReturnType<typeof unitGeometry>>;

  const unitsByType = useMemo(() => {
    const byType = Object.fromEntries(UNIT_TYPES.map((type) => [type, [] as UnitInstance[]]));
    for (const unit of instances.units) byType[unit.type]!.push(unit);
    return byType as Record<UnitType, UnitInstance[]>;
  }, [instances.units]);

  const selectedUnitId = selection?.unitId ?? null;
  const selectedShelfId = selection?.kind === 'shelf' ? selection.shelfId : null;

  const unitBoxes = useMemo(
    () =>
      Object.fromEntries(
        UNIT_TYPES.map((type) => [
          type,
          unitsByType[type].map<BoxInstance>((unit) => ({
            x: unit.x,
            y: unit.y,
            z: unit.z,
            rotation: unit.rotation,
            sx: unit.scale,
            sz: unit.scale,
            colour:
              unit.unit_id === selectedUnitId || (editing && unit.isle_id === selectedIsleId)
                ? lighten(colours[type], 0.45)
                : colours[type],
          })),
        ]),
      ) as Record<UnitType, BoxInstance[]>,
    [unitsByType, colours, selectedUnitId, editing, selectedIsleId],
  );

  const plates = useMemo(
    () =>
      isles.map<BoxInstance>((isle) => {
        const placement = placements.get(isle.isle_id) ?? {
          x: isle.position_x,
          z: isle.position_z,
          rotation: isle.rotation_y,
        };
        const size = isleSize(isle.units);
        return {
          x: placement.x,
          y: 0.005,
          z: placement.z,
          rotation: placement.rotation,
          sx: size.width + 0.2,
          sy: 0.01,
          sz: size.depth + 0.2,
          colour:
            isle.isle_id === refusedIsleId
              ? PLATE_REFUSED
              : editing && isle.isle_id === selectedIsleId
                ? PLATE_SELECTED
                : PLATE_COLOUR,
        };
      }),
    [isles, placements, editing, selectedIsleId, refusedIsleId],
  );

  const shelves = useMemo(
    () =>
      instances.shelves.map<BoxInstance>((shelf) => ({
        x: shelf.x,
        y: shelf.y,
        z: shelf.z,
        rotation: shelf.rotation,
        sx: shelf.width,
        sy: PANEL,
        sz: shelf.depth,
        colour: shelf.shelf_id === selectedShelfId ? PLATE_SELECTED : SHELF_COLOUR,
      })),
    [instances.shelves, selectedShelfId],
  );

  const tracks = useMemo(
    () =>
      instances.fillBars.map<BoxInstance>((bar) => ({
        x: bar.x,
        y: bar.y,
        z: bar.z,
        rotation: bar.rotation,
        sx: bar.width,
        sy: FILL_BAR_HEIGHT,
        sz: 0.01,
        colour: bar.shelf_id === selectedShelfId ? PLATE_SELECTED : TRACK_COLOUR,
      })),
    [instances.fillBars, selectedShelfId],
  );

  // The filled part grows from the bar's left end, a hair in front of the track.
  const fills = useMemo(
    () =>
      instances.fillBars
        .filter((bar) => bar.ratio > 0)
        .map<BoxInstance>((bar) => {
          const filled = bar.width * bar.ratio;
          const at = toWorld(bar, bar.rotation, -bar.width / 2 + filled / 2, 0.004);
          return {
            x: at.x,
            y: bar.y,
            z: at.z,
            rotation: bar.rotation,
            sx: filled,
            sy: FILL_BAR_HEIGHT * 0.8,
            sz: 0.01,
            colour: bar.colour,
          };
        }),
    [instances.fillBars],
  );

  const items = useMemo(
    () =>
      instances.items.map<BoxInstance>((item) => ({
        x: item.x,
        y: item.y,
        z: item.z,
        rotation: item.rotation,
        sx: item.size,
        sy: item.height,
        sz: item.size,
      })),
    [instances.items],
  );

  const isleOfPlate = (index: number) => isles[index]?.isle_id;

  const startDrag = (isleId: string | undefined, event: ThreeEvent<PointerEvent>) => {
    if (!editing || !isleId) return;
    event.stopPropagation();
    props.onSelectIsle(isleId);
    const placement = placements.get(isleId);
    if (!placement || !event.ray.intersectPlane(floorPlane, hit)) return;
    drag.current = { isleId, offsetX: hit.x - placement.x, offsetZ: hit.z - placement.z };
    // Keep receiving moves when the pointer outruns the isle, and stop the camera orbiting.
    (event.target as unknown as Element).setPointerCapture(event.pointerId);
    setControlsEnabled(getState().controls, false);
  };

  const moveDrag = (event: ThreeEvent<PointerEvent>) => {
    const current = drag.current;
    if (!current || !event.ray.intersectPlane(floorPlane, hit)) return;
    event.stopPropagation();
    const placement = placements.get(current.isleId);
    props.onDragIsle(current.isleId, {
      x: hit.x - current.offsetX,
      z: hit.z - current.offsetZ,
      rotation: placement?.rotation ?? 0,
    });
  };

  const endDrag = (event: ThreeEvent<PointerEvent>) => {
    if (!drag.current) return;
    drag.current = null;
    (event.target as unknown as Element).releasePointerCapture(event.pointerId);
    setControlsEnabled(getState().controls, true);
  };

  const isClick = (event: ThreeEvent<MouseEvent>) => event.delta <= CLICK_TOLERANCE_PX;

  return (
    <>
      <ambientLight intensity={1.6} />
      <directionalLight position={[floorSize * 0.4, floorSize, floorSize * 0.3]} intensity={2} />
      <directionalLight
        position={[-floorSize * 0.4, floorSize * 0.5, -floorSize * 0.6]}
        intensity={0.6}
      />

      <mesh name="floor" rotation-x={-Math.PI / 2} position-y={-0.001}>
        <planeGeometry args={[floorSize, floorSize]} />
        <meshLambertMaterial color={FLOOR_COLOUR} />
      </mesh>
      <gridHelper
        args={[floorSize, Math.round(floorSize), '#94a3b8', '#cbd5e1']}
        position-y={0.001}
      />

      <InstancedBoxes
        name="isle-plates"
        instances={plates}
        onPointerDown={(index, event) => startDrag(isleOfPlate(index), event)}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
      >
        <meshLambertMaterial />
      </InstancedBoxes>

      {UNIT_TYPES.map((type) => (
        <InstancedBoxes
          key={type}
          name={`units-${type}`}
          instances={unitBoxes[type]}
          geometry={geometries[type]}
          onClick={(index, event) => {
            const unit = unitsByType[type][index];
            if (!unit || editing || !isClick(event)) return;
            event.stopPropagation();
            props.onSelectUnit(unit.unit_id);
          }}
          onPointerDown={(index, event) => startDrag(unitsByType[type][index]?.isle_id, event)}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
        >
          <meshLambertMaterial vertexColors />
        </InstancedBoxes>
      ))}

      <InstancedBoxes name="shelves" instances={shelves} pickable={false}>
        <meshLambertMaterial />
      </InstancedBoxes>
      <InstancedBoxes
        name="fill-tracks"
        instances={tracks}
        onClick={(index, event) => {
          const bar = instances.fillBars[index];
          const shelf = instances.shelves[index];
          if (!bar || !shelf || editing || !isClick(event)) return;
          event.stopPropagation();
          props.onSelectShelf(bar.shelf_id, shelf.unit_id);
        }}
      >
        <meshBasicMaterial />
      </InstancedBoxes>
      <InstancedBoxes name="fill-bars" instances={fills} pickable={false}>
        <meshBasicMaterial />
      </InstancedBoxes>
      <InstancedBoxes name="items" instances={items} pickable={false}>
        <meshLambertMaterial color={ITEM_COLOUR} />
      </InstancedBoxes>

      {isles.map((isle) => {
        const placement = placements.get(isle.isle_id);
        if (!placement || !labelPortal) return null;
        const depth = isleSize(isle.units).depth;
        const front = toWorld(placement, placement.rotation, 0, depth / 2 + 0.35);
        return (
          <Html
            key={isle.isle_id}
            position={[front.x, 0.05, front.z]}
            center
            portal={labelPortal}
            className="room-3d__isle-label"
            zIndexRange={[10, 0]}
          >
            Isle {isle.isle_index}
          </Html>
        );
      })}
    </>
  );
}
