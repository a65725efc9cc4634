import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { PLANS } from '../domain/plans';
import { DEFAULT_AFTER_LOGIN, useAuth, useSignUp } from '../features/auth';
import { errorMessage } from '../lib/errors';
import { messages } from '../lib/messages';

export function SignupPage() {
  useDocumentTitle('Create your account');
  const { status } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useSignUp();

  if (status === 'authenticated') return <Navigate to={DEFAULT_AFTER_LOGIN} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signUp.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          // With confirmation switched off the user is already signed in and the auth state
          // takes them to the dashboard; otherwise they confirm by e-mail, then sign in.
          if (!result.signedIn) navigate('/login', { state: { confirmEmail: result.email } });
        },
      },
    );
  };

  const serverMessage = signUp.isError
    ? (errorMessage(signUp.error) ?? messages.genericError().message)
    : null;

  return (
    <>
      <h1>Create your account</h1>
      <p className="muted">
        Start free with {PLANS.free.limits.rooms} room, {PLANS.free.limits.units} storage units and
        up to {PLANS.free.limits.items} items.
      </p>
      {serverMessage ? (
        <div className="notice notice--error" role="alert" data-testid="auth-error">
          <p>{serverMessage}</p>
        </div>
      ) : null}
      <form className="form" onSubmit={onSubmit} data-testid="signup-form">
        <div className="field">
          <label htmlFor="signup-email">E-mail</label>
          <input
            id="signup-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="signup-password">Password</label>
          <input
            id="signup-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby="signup-password-hint"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <span id="signup-password-hint" className="field__hint">
            We will e-mail you a link to confirm your address.
          </span>
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={signUp.isPending}
          data-testid="signup-submit"
        >
          {signUp.isPending ? 'Creating account…' : 'Create account'}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </>
  );
}
