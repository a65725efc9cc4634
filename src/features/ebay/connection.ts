import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { consentUrl, disconnectEbay, getConnection } from '../../data/ebay/connection';
import { ebayKeys } from '../../data/ebay/keys';
import { createState, rememberState } from './oauth-state';

export { completeConnect, type EbayConnection } from '../../data/ebay/connection';

export function useEbayConnection() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ebayKeys.connection(user?.id ?? ''),
    queryFn: getConnection,
    enabled: Boolean(user),
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
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectEbay,
    onSuccess: () => {
      // The eBay data on screen belonged to that connection: none of it stays shown.
      queryClient.removeQueries({ queryKey: ebayKeys.listings(user?.id ?? '') });
      queryClient.removeQueries({ queryKey: ['ebay', user?.id ?? '', 'inventory'] });
      return queryClient.invalidateQueries({ queryKey: ebayKeys.connection(user?.id ?? '') });
    },
  });
}
