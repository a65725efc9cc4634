// The public face of the 3D room view. Everything here is light: the view itself (three.js,
// @react-three/*) is behind `Room3DView`, a lazy import, so it is its own chunk and only
// downloaded when the 3D page renders it for a plan that includes the 3D view.
import { lazy } from 'react';

export const Room3DView = lazy(() => import('./room-3d-view'));
export type { Room3DViewProps } from './room-3d-view';
export { Room3DUpgradePrompt } from './upgrade-prompt';

/** The 3D page of a room, optionally looking at one unit (e.g. from a search hit). */
export function room3dPath(roomId?: string | null, unitId?: string | null): string {
  const params = new URLSearchParams();
  if (roomId) params.set('room', roomId);
  if (unitId) params.set('unit', unitId);
  const query = params.toString();
  return `/dashboard/inventory/3d${query ? `?${query}` : ''}`;
}
