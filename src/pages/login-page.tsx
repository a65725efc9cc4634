import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { FailureNotice } from '../components/failure-notice';
import { SubmitButton } from '../components/submit-button';
import { EmailField, TextField } from '../components/text-field';
import { notify } from '../components/toasts';
import {
  ForgotPasswordForm,
  linkErrorOnArrival,
  MfaCodeStep,
  nameFromEmail,
  redirectTargetFrom,
  sessionNeedsCodeStep,
  useAuth,
  useSignIn,
} from '../features/auth';
import { messages, texts } from '../lib/messages';
import { useSignedOutReason } from '../data/auth/signed-out-reason';

interface LoginLocationState {
  /** Set by the sign-up page: the address a confirmation e-mail was just sent to. */
  confirmEmail?: string;
}

export function LoginPage() {
  useDocumentTitle('Sign in');
  const { status, session, user, sessionEnded, endedToken } = useAuth();
  // A session ended without the seller asking: its last token asks whether a password change did.
  const endedReason = useSignedOutReason(sessionEnded ? endedToken : null);
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const [email, setEmail] = useState(state.confirmEmail ?? '');
  const [password, setPassword] = useState('');
  const [forgotPassword, setForgotPassword] = useState(false);
  // A used or expired e-mail link lands here with Auth's error in the address: say so.
  const [linkError] = useState(linkErrorOnArrival);
  const signIn = useSignIn({
    onSignedIn: (data) => {
      // With two-factor on, 'Logged In' waits for the code (the code step shows instead).
      if (!data.codeRequired) notify(messages.loggedIn(nameFromEmail(data.user.email)));
    },
  });
  const target = redirectTargetFrom(location.search);

  // The password was right but the account has two-factor on: the session is aal1 and the
  // database refuses it until the code is verified. Read from the session itself, so a reload
  // (or the route guard sending an aal1 session back here) lands on this step too.
  if (status === 'authenticated' && sessionNeedsCodeStep(session)) {
    return (
      <MfaCodeStep email={user?.email} onVerified={() => notify(messages.loggedIn(user?.name))} />
    );
  }

  // Signed in (by this form, by a confirmation link, or already): carry on where they meant to go.
  if (status === 'authenticated') return <Navigate to={target} replace />;

  if (forgotPassword)
    return <ForgotPasswordForm initialEmail={email} onBack={() => setForgotPassword(false)} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password });
  };

  return (
    <>
      <h1>Sign in</h1>
      <p className="muted">Welcome back. Sign in to your stockroom.</p>
      {linkError && !signIn.isError ? (
        <div className="notice notice--info" role="status" data-testid="link-expired-notice">
          <p>{linkError}</p>
        </div>
      ) : null}
      {sessionEnded && endedReason !== null && !signIn.isError && !linkError ? (
        <div className="notice notice--info" role="status" data-testid="session-ended-notice">
          <p>
            {endedReason === 'password-changed'
              ? texts.signedOutByPasswordChange
              : texts.sessionEnded}
          </p>
        </div>
      ) : null}
      {state.confirmEmail && !signIn.isError ? (
        <div className="notice notice--success" role="status" data-testid="signup-confirm-notice">
          <p>
            <strong>Check your e-mail.</strong> We sent a confirmation link to {state.confirmEmail}.
            Open it to confirm your address, then sign in here.
          </p>
        </div>
      ) : null}
      <FailureNotice failed={signIn.isError} error={signIn.error} testId="auth-error" />
      <form className="form" onSubmit={onSubmit} data-testid="login-form">
        <EmailField id="login-email" value={email} onValueChange={setEmail} />
        <TextField
          id="login-password"
          label="Password"
          labelAction={
            <button
              type="button"
              className="link-button"
              onClick={() => setForgotPassword(true)}
              data-testid="forgot-password"
            >
              Forgot password?
            </button>
          }
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <SubmitButton busy={signIn.isPending} busyLabel="Signing in…" block testId="login-submit">
          Sign in
        </SubmitButton>
      </form>
      <p className="auth-switch">
        New to Stockroom? <Link to="/signup">Create an account</Link>
      </p>
    </>
  );
}
