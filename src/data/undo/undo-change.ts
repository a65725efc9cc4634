import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { activityLogKeys } from '../activity-log/keys';
import { toDataError } from '../errors';
import { inventoryRoot } from '../inventory-keys';
import type { MutationCallbacks } from '../mutation-callbacks';
import { undoKeys } from './keys';
import type { AccountId } from '../../domain/ids';

/** The database functions that open an undoable change (the change's `action`). */
export type UndoableAction =
  | 'move_items'
  | 'remove_items'
  | 'remove_shelf'
  | 'remove_unit'
  | 'remove_isle'
  | 'remove_room'
  | 'count_shelf';

export interface UndoneChange {
  change_id: string;
  action: string;
  summary: string | null;
}

/**
 * The seller's newest change of one action: the one their call just made (a call answers after
 * its transaction committed, and each seller's writes queue on one lock).
 */
export async function latestChangeId(action: UndoableAction): Promise<string | null> {
  const { data, error } = await supabase
    .from('undo_changes')
    .select('change_id')
    .eq('action', action)
    .order('created_at', { ascending: false })
    .limit(1);
  if (error) throw toDataError(error);
  return data[0]?.change_id ?? null;
}

/**
 * undo_change: puts back what the change altered, atomically, or refuses (22023) with a message
 * that says what changed since ("Can't undo: "Blue mug" was changed since.").
 */
export async function undoChange(changeId: string): Promise<UndoneChange> {
  const { data, error } = await supabase.rpc('undo_change', { p_change_id: changeId });
  if (error) throw toDataError(error);
  return data as unknown as UndoneChange;
}

/** The ids of the seller's changes undo_change would take back now (the Activity Log's Undo). */
export async function getUndoableChanges(): Promise<Set<string>> {
  const { data, error } = await supabase.rpc('undoable_changes');
  if (error) throw toDataError(error);
  return new Set(data);
}

export function undoableChangesQuery(accountId: AccountId) {
  return queryOptions({
    queryKey: undoKeys.undoable(accountId),
    queryFn: getUndoableChanges,
    // Any change elsewhere may make a line undoable or not: ask again when the log is shown.
    staleTime: 0,
  });
}

export function useUndoableChanges(accountId: AccountId, enabled = true) {
  return useQuery({ ...undoableChangesQuery(accountId), enabled: enabled && accountId !== '' });
}

/** Undoes a change; whatever it did, the seller's inventory, log and undo offers are read again. */
export function useUndoChangeMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<UndoneChange, string> = {},
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inventoryRoot(accountId) }),
      queryClient.invalidateQueries({ queryKey: activityLogKeys.byAccount(accountId) }),
      queryClient.invalidateQueries({ queryKey: undoKeys.undoable(accountId) }),
    ]);
  return useMutation({
    mutationFn: undoChange,
    onSuccess: (data, changeId) => {
      void refresh();
      onSuccess?.(data, changeId);
    },
    onError: (error, changeId) => {
      void refresh();
      onError?.(error, changeId);
    },
  });
}
