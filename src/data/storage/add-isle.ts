import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { checkIsleNumber } from '../../domain/isle-numbering';
import { canAdd } from '../../domain/plans';
import { UNIT_SIZE_PRESETS, type UnitSizePreset, type UnitType } from '../../domain/unit-naming';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { planLimitToast } from './plan-limit';
import { addIsle as addIsleToTree, countUnits, toUnit } from './tree';
import { refusal, useTreeCache } from './tree-cache';
import type { Isle } from './types';
import type { AccountId } from '../../domain/ids';

export interface NewIsle {
  roomId: string | null;
  isleIndex: number;
  unitType: UnitType;
  size: UnitSizePreset;
}

// add_isle returns JSON (the isle and its first unit); read, not cast, so a changed function
// fails here with a clear message instead of somewhere in the tree.
const addIsleResult = z.object({
  isle: z.object({ isle_id: z.string(), isle_index: z.number(), room_id: z.string() }),
  unit: z.object({
    unit_id: z.string(),
    unit_name: z.string(),
    unit_type: z.string(),
    unit_index: z.number(),
    isle_id: z.string(),
    naming_convention: z.string(),
  }),
});

/** add_isle: the isle and its first unit in one transaction (no empty isle if the unit is refused). */
export async function addIsle(input: NewIsle & { roomId: string }): Promise<Isle> {
  const { data, error } = await supabase.rpc('add_isle', {
    p_room_id: input.roomId,
    p_isle_index: input.isleIndex,
    p_unit_type: input.unitType,
    // The 3D view reads position3D; the size preset rides along for it.
    p_position3d: { x: 0, y: 0, z: 0, size: UNIT_SIZE_PRESETS[input.size] },
  });
  if (error) throw toDataError(error);
  const { isle, unit } = addIsleResult.parse(data);
  return { ...isle, units: [toUnit({ ...unit, shelves: [] })] };
}

/**
 * Adds an isle with its first unit. Refused before any request when no room is selected, when
 * the number is taken in the room or the unit limit is reached.
 */
export function useAddIsleMutation(
  accountId: AccountId,
  planId: string,
  { onSuccess, onError }: MutationCallbacks<Isle, NewIsle> = {},
) {
  const cache = useTreeCache(accountId);
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
    onSuccess: (isle, input) => {
      cache.set((rooms) => addIsleToTree(rooms, isle));
      onSuccess?.(isle, input);
    },
    onError,
    onSettled: () => cache.refresh(),
  });
}
