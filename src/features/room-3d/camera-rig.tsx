import { OrbitControls } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useLayoutEffect, useRef } from 'react';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import type { CameraView, Vec3 } from '../../domain/layout-3d';

export interface CameraRigProps {
  /** Applied when the rig mounts (it is keyed by room): the room's saved or default camera. */
  initial: CameraView;
  /** A view to jump to (a unit from a search hit or the panel); applied when it changes. */
  focus: CameraView | null;
  floorSize: number;
  /** Called when the seller finishes orbiting, panning or zooming. */
  onCameraEnd: (view: CameraView) => void;
}

function viewOf(controls: OrbitControlsImpl): CameraView {
  const { position } = controls.object;
  const { target } = controls;
  return {
    position: [position.x, position.y, position.z] as Vec3,
    target: [target.x, target.y, target.z] as Vec3,
  };
}

/**
 * Orbit (left drag / one finger), pan (right drag / two fingers) and zoom (wheel / pinch) with
 * drei's OrbitControls; the camera never dips under the floor.
 */
export function CameraRig({ initial, focus, floorSize, onCameraEnd }: CameraRigProps) {
  const controls = useRef<OrbitControlsImpl>(null);
  const invalidate = useThree((state) => state.invalidate);

  useLayoutEffect(() => {
    const target = controls.current;
    if (!target) return;
    const view = focus ?? initial;
    target.object.position.set(...view.position);
    target.target.set(...view.target);
    target.update();
    invalidate();
    // `initial` only matters on mount (the rig is keyed by room); `focus` whenever it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus, invalidate]);

  return (
    <OrbitControls
      ref={controls}
      makeDefault
      enableDamping={false}
      minDistance={0.5}
      maxDistance={Math.max(floorSize, 4) * 2.5}
      maxPolarAngle={Math.PI / 2 - 0.02}
      onEnd={() => {
        if (controls.current) onCameraEnd(viewOf(controls.current));
      }}
    />
  );
}
