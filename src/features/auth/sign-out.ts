import { useSignOutMutation } from '../../data/auth/sign-out';
import { useAuth } from './auth-context';

/** Signs out, telling the session state first so the screens know the seller chose to leave. */
export function useSignOut() {
  const { signOutStarted, signOutFailed } = useAuth();
  return useSignOutMutation({ onStarted: signOutStarted, onFailed: signOutFailed });
}
