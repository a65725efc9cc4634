import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { addShelf as addShelfToTree } from './tree';
import { notifyFailure, useTreeCache } from './tree-cache';
import type { Shelf } from './types';

/** add_shelf numbers the shelf with the lowest unused index (SPEC 4) and logs add_shelf. */
export async function addShelf(unitId: string): Promise<Shelf> {
  const { data, error } = await supabase.rpc('add_shelf', { p_unit_id: unitId });
  if (error) throw error;
  return { shelf_id: data.shelf_id, shelf_index: data.shelf_index, unit_id: data.unit_id };
}

export function useAddShelf(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: (unitId: string) => addShelf(unitId),
    onSuccess: (shelf) => cache.set((rooms) => addShelfToTree(rooms, shelf)),
    onError: (error) => notifyFailure(error, planId, messages.shelfAdd),
    onSettled: () => cache.refresh(),
  });
}
