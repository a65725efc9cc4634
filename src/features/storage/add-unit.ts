import { useMutation } from '@tanstack/react-query';
import { canAdd } from '../../domain/plans';
import {
  NAMING_CONVENTION,
  UNIT_SIZE_PRESETS,
  nextUnitName,
  type UnitSizePreset,
  type UnitType,
} from '../../domain/unit-naming';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { planLimitToast } from './storage-errors';
import { addUnit as addUnitToTree, countUnits, toUnit } from './tree';
import { notifyFailure, refusal, useTreeCache } from './tree-cache';
import type { Unit } from './types';

export interface NewUnit {
  isleId: string;
  unitType: UnitType;
  size: UnitSizePreset;
}

export async function addUnit(
  userId: string,
  input: NewUnit & { unitName: string; unitIndex: number },
): Promise<Unit> {
  const { data, error } = await supabase
    .from('storage_units')
    .insert({
      isle_id: input.isleId,
      user_id: userId,
      unit_type: input.unitType,
      unit_name: input.unitName,
      unit_index: input.unitIndex,
      naming_convention: NAMING_CONVENTION,
      position3D: { x: 0, y: 0, z: 0, size: UNIT_SIZE_PRESETS[input.size] },
    })
    .select('unit_id, unit_name, unit_type, unit_index, isle_id, naming_convention')
    .single();
  if (error) throw error;
  return toUnit({ ...data, storage_shelves: [] });
}

/**
 * Adds a unit to an isle, named by the alphabetical convention (the first free letter of the
 * isle). The unit limit is checked first and again by the database; either refusal shows
 * 'You can only add up to {n} units in your current plan', and nothing appears.
 */
export function useAddUnit(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: async (input: NewUnit) => {
      const rooms = cache.read();
      if (!canAdd(planId, 'units', countUnits(rooms)))
        throw refusal(planLimitToast('units', planId));
      const isle = rooms.flatMap((room) => room.isles).find((i) => i.isle_id === input.isleId);
      if (!isle) throw refusal(messages.unitAdd());
      return addUnit(userId, {
        ...input,
        unitName: nextUnitName(isle.units.map((unit) => unit.unit_name)),
        unitIndex: isle.units.reduce((max, unit) => Math.max(max, unit.unit_index), 0) + 1,
      });
    },
    onSuccess: (unit) => cache.set((rooms) => addUnitToTree(rooms, unit)),
    onError: (error) => notifyFailure(error, planId, messages.unitAdd),
    onSettled: () => cache.refresh(),
  });
}
