import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaKeys } from './keys';
import { NO_USER, type UserId } from '../../domain/ids';

/** A change to the seller's factors: the list and the session's level are read again after. */
export function useFactorMutation<A, R>(userId: UserId | undefined, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: mfaKeys.factors(userId ?? NO_USER) }),
  });
}
