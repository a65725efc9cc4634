import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { notify } from '../components/toasts';
import {
  ForgotPasswordForm,
  MfaCodeStep,
  nameFromEmail,
  redirectTargetFrom,
  sessionNeedsCodeStep,
  useAuth,
  useSignIn,
} from '../features/auth';
import { errorMessage } from '../lib/errors';
import { messages, texts } from '../lib/messages';

interface LoginLocationState {
  /** Set by the sign-up page: the address a confirmation e-mail was just sent to. */
  confirmEmail?: string;
}

export function LoginPage() {
  useDocumentTitle('Sign in');
  const { status, session, user, sessionEnded } = useAuth();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const [email, setEmail] = useState(state.confirmEmail ?? '');
  const [password, setPassword] = useState('');
  const [forgotPassword, setForgotPassword] = useState(false);
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

  const serverMessage = signIn.isError
    ? (errorMessage(signIn.error) ?? messages.genericError().message)
    : null;

  return (
    <>
      <h1>Sign in</h1>
      <p className="muted">Welcome back. Sign in to your stockroom.</p>
      {sessionEnded && !signIn.isError ? (
        <div className="notice" role="status" data-testid="session-ended-notice">
          <p>{texts.sessionEnded}</p>
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
      {serverMessage ? (
        <div className="notice notice--error" role="alert" data-testid="auth-error">
          <p>{serverMessage}</p>
        </div>
      ) : null}
      <form className="form" onSubmit={onSubmit} data-testid="login-form">
        <div className="field">
          <label htmlFor="login-email">E-mail</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <div className="field__label-row">
            <label htmlFor="login-password">Password</label>
            <button
              type="button"
              className="link-button"
              onClick={() => setForgotPassword(true)}
              data-testid="forgot-password"
            >
              Forgot password?
            </button>
          </div>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={signIn.isPending}
          data-testid="login-submit"
        >
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="auth-switch">
        New to Stockroom? <Link to="/signup">Create an account</Link>
      </p>
    </>
  );
}
