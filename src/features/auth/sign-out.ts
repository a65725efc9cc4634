import { useMutation } from '@tanstack/react-query';
import { signOut } from '../../data/auth/sign-out';
import { useAuth } from './auth-context';

/** Signs out, telling the session state first so the screens know the seller chose to leave. */
export function useSignOut() {
  const { signOutStarted, signOutFailed } = useAuth();
  return useMutation({
    mutationFn: async () => {
      signOutStarted();
      try {
        await signOut();
      } catch (error) {
        signOutFailed();
        throw error;
      }
    },
  });
}
