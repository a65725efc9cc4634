import { useMutation } from '@tanstack/react-query';
import { canAdd } from '../../domain/plans';
import { UNIT_SIZE_PRESETS, type UnitSizePreset, type UnitType } from '../../domain/unit-naming';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { planLimitToast } from './plan-limit';
import { addUnit as addUnitToTree, countUnits, toUnit } from './tree';
import { refusal, useTreeCache } from './tree-cache';
import type { Unit } from './types';
import type { AccountId } from '../../domain/ids';

export interface NewUnit {
  isleId: string;
  unitType: UnitType;
  size: UnitSizePreset;
}

/**
 * add_unit names the unit with the isle's first free letter (the alphabetical convention, the
 * same rule as nextUnitName in src/domain/unit-naming.ts) and logs add_unit.
 */
export async function addUnit(input: NewUnit): Promise<Unit> {
  const { data, error } = await supabase.rpc('add_unit', {
    p_isle_id: input.isleId,
    p_unit_type: input.unitType,
    // The 3D view reads position3D; the size preset rides along for it.
    p_position3d: { x: 0, y: 0, z: 0, size: UNIT_SIZE_PRESETS[input.size] },
  });
  if (error) throw toDataError(error);
  return toUnit({ ...data, shelves: [] });
}

/** Adds a unit to an isle; the unit limit is checked first and again by the database. */
export function useAddUnitMutation(
  accountId: AccountId,
  planId: string,
  { onSuccess, onError }: MutationCallbacks<Unit, NewUnit> = {},
) {
  const cache = useTreeCache(accountId);
  return useMutation({
    mutationFn: async (input: NewUnit) => {
      const rooms = cache.read();
      if (!canAdd(planId, 'units', countUnits(rooms)))
        throw refusal(planLimitToast('units', planId));
      const isle = rooms.flatMap((room) => room.isles).find((i) => i.isle_id === input.isleId);
      if (!isle) throw refusal(messages.unitAdd());
      return addUnit(input);
    },
    onSuccess: (unit, input) => {
      cache.set((rooms) => addUnitToTree(rooms, unit));
      onSuccess?.(unit, input);
    },
    onError,
    onSettled: () => cache.refresh(),
  });
}
