import { useThree, type ThreeEvent } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { BoxGeometry, Color, Object3D, type BufferGeometry, type InstancedMesh } from 'three';

/** One drawn copy: where it stands, how it is turned and scaled, and its colour. */
export interface BoxInstance {
  x: number;
  y: number;
  z: number;
  rotation: number;
  sx?: number;
  sy?: number;
  sz?: number;
  colour?: string;
}

export interface InstancedBoxesProps {
  name: string;
  instances: readonly BoxInstance[];
  /** Defaults to a 1 m cube, scaled per instance. */
  geometry?: BufferGeometry;
  /** The material, as a JSX child (it is attached to the mesh). */
  children: ReactNode;
  /** Off for things nobody clicks (item boxes): raycasting 5000 instances per move is waste. */
  pickable?: boolean;
  onClick?: (index: number, event: ThreeEvent<MouseEvent>) => void;
  onPointerDown?: (index: number, event: ThreeEvent<PointerEvent>) => void;
  onPointerMove?: (event: ThreeEvent<PointerEvent>) => void;
  onPointerUp?: (event: ThreeEvent<PointerEvent>) => void;
}

const unitCube = new BoxGeometry(1, 1, 1);
const scratch = new Object3D();
const scratchColour = new Color();
const noRaycast = () => undefined;

// Capacity grows in powers of two so adding a unit or an item does not rebuild the mesh each time;
// only `count` instances are drawn.
function capacityFor(count: number): number {
  let capacity = 16;
  while (capacity < count) capacity *= 2;
  return capacity;
}

/**
 * Many boxes in one draw call: a three.js InstancedMesh whose per-instance matrices and colours
 * are rewritten whenever the list changes. This is what keeps an Elite room (100 units, 5000
 * items) at a few dozen draw calls instead of thousands.
 */
export function InstancedBoxes({
  name,
  instances,
  geometry = unitCube,
  children,
  pickable = true,
  onClick,
  onPointerDown,
  onPointerMove,
  onPointerUp,
}: InstancedBoxesProps) {
  const mesh = useRef<InstancedMesh>(null);
  const invalidate = useThree((state) => state.invalidate);
  const capacity = capacityFor(instances.length);
  const args = useMemo(
    () => [geometry, undefined, capacity] as [BufferGeometry, undefined, number],
    [geometry, capacity],
  );

  useLayoutEffect(() => {
    const target = mesh.current;
    if (!target) return;
    instances.forEach((instance, i) => {
      scratch.position.set(instance.x, instance.y, instance.z);
      scratch.rotation.set(0, instance.rotation, 0);
      scratch.scale.set(instance.sx ?? 1, instance.sy ?? 1, instance.sz ?? 1);
      scratch.updateMatrix();
      target.setMatrixAt(i, scratch.matrix);
      if (instance.colour !== undefined) target.setColorAt(i, scratchColour.set(instance.colour));
    });
    target.count = instances.length;
    target.instanceMatrix.needsUpdate = true;
    if (target.instanceColor) target.instanceColor.needsUpdate = true;
    // Culling and picking use these bounds; stale ones would hide or miss moved instances.
    target.computeBoundingBox();
    target.computeBoundingSphere();
    invalidate();
  }, [instances, capacity, invalidate]);

  return (
    <instancedMesh
      key={capacity}
      ref={mesh}
      name={name}
      args={args}
      visible={instances.length > 0}
      {...(pickable ? {} : { raycast: noRaycast })}
      onClick={
        onClick
          ? (event) => event.instanceId !== undefined && onClick(event.instanceId, event)
          : undefined
      }
      onPointerDown={
        onPointerDown
          ? (event) => event.instanceId !== undefined && onPointerDown(event.instanceId, event)
          : undefined
      }
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
    >
      {children}
    </instancedMesh>
  );
}
