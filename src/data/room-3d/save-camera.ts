import { useMutation } from '@tanstack/react-query';
import type { CameraView } from '../../domain/layout-3d';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';

/**
 * The room's camera (camera_position_*, camera_target_*), kept as the seller leaves it
 * (docs/product.md#3d-view).
 */
export async function saveCamera({ roomId, view }: { roomId: string; view: CameraView }) {
  const [px, py, pz] = view.position;
  const [tx, ty, tz] = view.target;
  const { error } = await supabase
    .from('storage_rooms')
    .update({
      camera_position_x: px,
      camera_position_y: py,
      camera_position_z: pz,
      camera_target_x: tx,
      camera_target_y: ty,
      camera_target_z: tz,
    })
    .eq('room_id', roomId);
  if (error) throw toDataError(error);
}

// The layout query is not invalidated: the scene already shows this camera, and refetching would
// only re-read what was just written.
export function useSaveCamera() {
  return useMutation({ mutationFn: saveCamera });
}
