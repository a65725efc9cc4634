import { useMutation } from '@tanstack/react-query';
import { checkIsleNumber } from '../../domain/isle-numbering';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { setIsleNumber } from './tree';
import { refusal, useTreeCache } from './tree-cache';
import type { AccountId } from '../../domain/ids';

export interface IsleNumber {
  isleId: string;
  isleIndex: number;
}

/** renumber_isle checks the number is free in the room and logs update_isle. */
export async function renumberIsle(isleId: string, isleIndex: number) {
  const { error } = await supabase.rpc('renumber_isle', {
    p_isle_id: isleId,
    p_isle_index: isleIndex,
  });
  if (error) throw toDataError(error);
}

/** Gives an isle another number, unique in its room; shown at once, undone if refused. */
export function useRenumberIsleMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<void, IsleNumber> = {},
) {
  const cache = useTreeCache(accountId);
  return useMutation({
    mutationFn: ({ isleId, isleIndex }: IsleNumber) => renumberIsle(isleId, isleIndex),
    onMutate: ({ isleId, isleIndex }) => {
      // The check reads the tree before this change is applied to it.
      const room = cache.read().find((r) => r.isles.some((isle) => isle.isle_id === isleId));
      const check = checkIsleNumber(isleIndex, room?.isles ?? [], isleId);
      if (!check.ok)
        throw refusal(
          check.message.startsWith('Isle number')
            ? messages.isleIndexInUse(isleIndex)
            : messages.isleUpdate(check.message),
        );
      return cache.apply((tree) => setIsleNumber(tree, isleId, isleIndex));
    },
    onSuccess: (_data, input) => onSuccess?.(undefined, input),
    onError: (error, input, previous) => {
      cache.restore(previous);
      onError?.(error, input);
    },
    onSettled: () => cache.refresh(),
  });
}
