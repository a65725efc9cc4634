import { useOutbox } from '../../data/offline/outbox';

/** Changes on this device the server has not taken yet: waiting, or refused and not decided. */
export function useUnsentChanges(userId: string | undefined): number {
  const { waiting, decisions } = useOutbox(userId);
  return waiting.length + decisions.length;
}
