import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStockroomId } from '../account';
import { useAuth } from '../auth';
import { consentUrl, disconnectEbay, getConnection } from '../../data/ebay/connection';
import { ebayKeys } from '../../data/ebay/keys';
import { createState, rememberState } from './oauth-state';

export { completeConnect, type EbayConnection } from '../../data/ebay/connection';

/** Whether the account has eBay tokens; `enabled` false for a role that may not read them. */
export function useEbayConnection(enabled = true) {
  const { user } = useAuth();
  const stockroomId = useStockroomId();
  return useQuery({
    queryKey: ebayKeys.connection(stockroomId),
    queryFn: getConnection,
    enabled: Boolean(user) && enabled,
  });
}

/** Sends the seller to eBay's consent page with a fresh state remembered for the callback. */
export async function startConnect(
  navigate: (url: string) => void = (url) => window.location.assign(url),
) {
  const state = createState();
  rememberState(state);
  navigate(await consentUrl(state));
}

export function useDisconnectEbay() {
  const stockroomId = useStockroomId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectEbay,
    onSuccess: () => {
      // The eBay data on screen belonged to that connection: none of it stays shown.
      queryClient.removeQueries({ queryKey: ebayKeys.listings(stockroomId) });
      queryClient.removeQueries({ queryKey: ['ebay', stockroomId, 'inventory'] });
      return queryClient.invalidateQueries({ queryKey: ebayKeys.connection(stockroomId) });
    },
  });
}
