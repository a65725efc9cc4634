import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CameraView, IslePlacement, Position3D } from '../../domain/layout-3d';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { room3dKeys } from './keys';
import type { AccountId } from '../../domain/ids';

export interface LayoutToSave {
  roomId: string;
  isles: ReadonlyMap<string, IslePlacement>;
  units: ReadonlyMap<string, Position3D>;
  camera: CameraView | null;
}

/** 'Save Layout': every isle's place and turn, every unit's position3D and the camera, at once. */
export async function saveLayout(layout: LayoutToSave): Promise<void> {
  const { error } = await supabase.rpc('save_room_layout', {
    p_room_id: layout.roomId,
    p_isles: [...layout.isles].map(([isleId, placement]) => ({
      isle_id: isleId,
      position_x: placement.x,
      position_z: placement.z,
      rotation_y: placement.rotation,
    })),
    p_units: [...layout.units].map(([unitId, position]) => ({
      unit_id: unitId,
      position3D: { ...position },
    })),
    ...(layout.camera ? { p_camera: { ...layout.camera } } : {}),
  });
  if (error) throw toDataError(error);
}

export function useSaveLayout(accountId: AccountId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLayout,
    onSuccess: (_data, layout) =>
      queryClient.invalidateQueries({ queryKey: room3dKeys.layout(accountId, layout.roomId) }),
  });
}
