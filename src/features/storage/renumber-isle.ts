import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/toasts';
import { checkIsleNumber } from '../../domain/isle-numbering';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { toDataError } from '../../data/errors';
import { setIsleNumber } from './tree';
import { notifyFailure, refusal, useTreeCache } from './tree-cache';

/** renumber_isle checks the number is free in the room and logs update_isle. */
export async function renumberIsle(isleId: string, isleIndex: number) {
  const { error } = await supabase.rpc('renumber_isle', {
    p_isle_id: isleId,
    p_isle_index: isleIndex,
  });
  if (error) throw error;
}

/** Gives an isle another number, unique in its room ('Isle number {n} is already in use'). */
export function useRenumberIsle(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: async ({ isleId, isleIndex }: { isleId: string; isleIndex: number }) => {
      // The check reads the tree before this change was applied to it (captured in onMutate).
      await renumberIsle(isleId, isleIndex);
    },
    onMutate: async ({ isleId, isleIndex }) => {
      const rooms = cache.read();
      const room = rooms.find((r) => r.isles.some((isle) => isle.isle_id === isleId));
      const check = checkIsleNumber(isleIndex, room?.isles ?? [], isleId);
      if (!check.ok)
        throw refusal(
          check.message.startsWith('Isle number')
            ? messages.isleIndexInUse(isleIndex)
            : messages.isleUpdate(check.message),
        );
      return cache.apply((tree) => setIsleNumber(tree, isleId, isleIndex));
    },
    onSuccess: (_data, { isleIndex }) => notify(messages.isleIndexUpdated(isleIndex)),
    onError: (error, { isleIndex }, previous) => {
      cache.restore(previous);
      notifyFailure(error, planId, (detail) =>
        toDataError(error).duplicate
          ? messages.isleIndexInUse(isleIndex)
          : messages.isleUpdate(detail),
      );
    },
    onSettled: () => cache.refresh(),
  });
}
