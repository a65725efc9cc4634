// The public face of the auth feature; other features import from here only.
export { AuthProvider } from './auth-provider';
export { useAuth, type AuthContextValue } from './auth-context';
export type { AppUser, AuthStatus } from './auth-state';
export { RequireAuth } from './require-auth';
export { MfaCodeStep } from './mfa-code-step';
export { sessionNeedsCodeStep, assuranceOf, guardRoute } from './mfa';
export { AuthLoadingGate } from './auth-loading-gate';
export { PasswordRecoveryDialog } from './password-recovery-dialog';
export { ForgotPasswordForm } from './forgot-password-form';
export { useSignIn } from '../../data/auth/sign-in';
export { useSignUp } from '../../data/auth/sign-up';
export { useSignOut } from './sign-out';
export { nameFromEmail } from './user-name';
export {
  redirectTargetFrom,
  loginPathFor,
  linkErrorOnArrival,
  DEFAULT_AFTER_LOGIN,
} from './redirect';
