import { useMutation } from '@tanstack/react-query';
import { checkIsleNumber } from '../../domain/isle-numbering';
import { canAdd } from '../../domain/plans';
import { UNIT_SIZE_PRESETS, type UnitSizePreset, type UnitType } from '../../domain/unit-naming';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { planLimitToast } from './storage-errors';
import { toDataError } from '../../data/errors';
import { addIsle as addIsleToTree, countUnits, toUnit } from './tree';
import { notifyFailure, refusal, useTreeCache } from './tree-cache';
import type { Isle } from './types';

export interface NewIsle {
  roomId: string | null;
  isleIndex: number;
  unitType: UnitType;
  size: UnitSizePreset;
}

interface AddIsleResult {
  isle: { isle_id: string; isle_index: number; room_id: string };
  unit: {
    unit_id: string;
    unit_name: string;
    unit_type: string;
    unit_index: number;
    isle_id: string;
    naming_convention: string;
  };
}

/** add_isle: the isle and its first unit in one transaction (no empty isle if the unit is refused). */
export async function addIsle(input: NewIsle & { roomId: string }): Promise<Isle> {
  const { data, error } = await supabase.rpc('add_isle', {
    p_room_id: input.roomId,
    p_isle_index: input.isleIndex,
    p_unit_type: input.unitType,
    // The 3D view reads position3D; the size preset rides along for it.
    p_position3d: { x: 0, y: 0, z: 0, size: UNIT_SIZE_PRESETS[input.size] },
  });
  if (error) throw error;
  const result = data as unknown as AddIsleResult;
  return {
    isle_id: result.isle.isle_id,
    isle_index: result.isle.isle_index,
    room_id: result.isle.room_id,
    units: [toUnit({ ...result.unit, storage_shelves: [] })],
  };
}

/**
 * Adds an isle with its first unit. Refused before any request when no room is selected ('Room
 * Required'), when the number is taken in the room ('Isle Number In Use') or the unit limit is
 * reached; the database's own refusals map to the same toasts.
 */
export function useAddIsle(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: async (input: NewIsle) => {
      const rooms = cache.read();
      const room = rooms.find((r) => r.room_id === input.roomId);
      if (!input.roomId || !room) throw refusal(messages.roomRequired());
      const check = checkIsleNumber(input.isleIndex, room.isles);
      if (!check.ok)
        throw refusal(
          check.message.startsWith('Isle number')
            ? messages.isleIndexInUse(input.isleIndex)
            : messages.storageAdd(check.message),
        );
      if (!canAdd(planId, 'units', countUnits(rooms)))
        throw refusal(planLimitToast('units', planId));
      return addIsle({ ...input, roomId: room.room_id });
    },
    onSuccess: (isle) => cache.set((rooms) => addIsleToTree(rooms, isle)),
    onError: (error, input) =>
      notifyFailure(error, planId, (detail) =>
        toDataError(error).duplicate
          ? messages.isleIndexInUse(input.isleIndex)
          : messages.storageAdd(detail),
      ),
    onSettled: () => cache.refresh(),
  });
}
