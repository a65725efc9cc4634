import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UserId } from '../../domain/ids';
import type { AssuranceLevel } from '../mfa/assurance';
import { forgetDevice } from '../offline/device-cache';
import { isExpiredJwtError } from './retry';
import { refreshSessionWithRetry } from './session-refresh';

/**
 * Cached data belongs to one user: it is dropped when they sign out or someone else signs in.
 * Signed out (by the seller or an ended session), their copies on this device go too (their own
 * account's and those of the accounts they are a member of); another seller signing in has a
 * database of their own and never opens these. `known` is false while the session is still
 * being read at start-up.
 */
export function useCachesFollowUser(userId: UserId | null, known: boolean): void {
  const queryClient = useQueryClient();
  const previousUserId = useRef<UserId | null>(null);
  useEffect(() => {
    if (!known) return;
    const previous = previousUserId.current;
    if (previous !== null && previous !== userId) {
      queryClient.clear();
      if (userId === null) void forgetDevice(previous);
    }
    previousUserId.current = userId;
  }, [known, userId, queryClient]);
}

/**
 * MFA_CHALLENGE_VERIFIED (or a token from another tab) raised the session to aal2: anything
 * fetched before, at aal1, came back empty from the database's two-factor gate. Fetch again.
 */
export function useRefetchWhenRaised(level: AssuranceLevel | null): void {
  const queryClient = useQueryClient();
  const previousLevel = useRef(level);
  useEffect(() => {
    const before = previousLevel.current;
    previousLevel.current = level;
    if (before === 'aal1' && level === 'aal2') void queryClient.invalidateQueries();
  }, [level, queryClient]);
}

/**
 * A query rejected with "JWT expired" (a laptop woke after the token's expiry, before
 * supabase-js's own timer ran) triggers one refresh, then the failed queries run again.
 */
export function useRefreshOnExpiredToken(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (!isExpiredJwtError(event.action.error)) return;
      refreshSessionWithRetry()
        .then(() => queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' }))
        .catch(() => {
          // A non-retryable failure already removed the session (SIGNED_OUT follows).
        });
    });
  }, [queryClient]);
}
