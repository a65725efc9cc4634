import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { Vector3 } from 'three';
import type { CameraView, Vec3 } from '../../domain/layout-3d';

/**
 * What the bench and the e2e tests read from the page, mounted only when they ask for it
 * (lib/probes.ts), since it takes over the view's rendering to time it. drawCalls comes from the renderer
 * (renderer.info.render.calls of the last frame); frameMs is the mean CPU time of the last 60
 * rendered frames. `measure()` renders `frames` frames back to back, waiting for the GPU after
 * each (gl.finish), and reports their mean: the view renders on demand, so an idle scene has no
 * frame time to speak of.
 */
export interface Stockroom3dProbe {
  drawCalls: number;
  triangles: number;
  frameMs: number;
  frames: number;
  camera: CameraView | null;
  measure: (frames?: number) => Promise<{ frameMs: number; drawCalls: number }>;
  /** Where a floor-space point appears on the canvas, in CSS pixels from its top-left corner. */
  project: (x: number, y: number, z: number) => [number, number];
}

declare global {
  interface Window {
    __stockroom3d?: Stockroom3dProbe;
  }
}

const WINDOW = 60;

export default function PerfProbe() {
  const invalidate = useThree((state) => state.invalidate);
  const getState = useThree((state) => state.get);
  const samples = useRef<number[]>([]);
  const measuring = useRef<{ left: number; times: number[]; done: () => void } | null>(null);

  useEffect(() => {
    const probe: Stockroom3dProbe = {
      drawCalls: 0,
      triangles: 0,
      frameMs: 0,
      frames: 0,
      camera: null,
      project: () => [0, 0],
      measure: (frames = 60) =>
        new Promise((resolve) => {
          const times: number[] = [];
          measuring.current = {
            left: frames,
            times,
            done: () =>
              resolve({
                frameMs: times.reduce((sum, t) => sum + t, 0) / Math.max(times.length, 1),
                drawCalls: probe.drawCalls,
              }),
          };
          invalidate();
        }),
    };
    probe.project = (x, y, z) => {
      const { camera, size } = getState();
      const point = new Vector3(x, y, z).project(camera);
      return [((point.x + 1) / 2) * size.width, ((1 - point.y) / 2) * size.height];
    };
    window.__stockroom3d = probe;
    // The view renders on demand and may already be idle when this chunk arrives: draw one
    // frame so the figures are there to read.
    invalidate();
    return () => {
      if (window.__stockroom3d === probe) delete window.__stockroom3d;
    };
  }, [invalidate, getState]);

  // Priority 1 takes over rendering from r3f, so the render itself can be timed.
  useFrame(({ gl, scene, camera, controls }) => {
    const started = performance.now();
    gl.render(scene, camera);
    const run = measuring.current;
    if (run) gl.getContext().finish();
    const elapsed = performance.now() - started;
    const probe = window.__stockroom3d;
    if (!probe) return;
    samples.current.push(elapsed);
    if (samples.current.length > WINDOW) samples.current.shift();
    probe.frameMs = samples.current.reduce((sum, t) => sum + t, 0) / samples.current.length;
    probe.drawCalls = gl.info.render.calls;
    probe.triangles = gl.info.render.triangles;
    probe.frames += 1;
    probe.camera = {
      position: camera.position.toArray() as Vec3,
      target: ((controls as { target?: { toArray: () => number[] } } | null)?.target?.toArray() ?? [
        0, 0, 0,
      ]) as Vec3,
    };
    if (run) {
      run.times.push(elapsed);
      run.left -= 1;
      if (run.left > 0) invalidate();
      else {
        measuring.current = null;
        run.done();
      }
    }
  }, 1);

  return null;
}
