import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { FailureNotice } from '../components/failure-notice';
import { SubmitButton } from '../components/submit-button';
import { EmailField, TextField } from '../components/text-field';
import { PLANS } from '../domain/plans';
import { DEFAULT_AFTER_LOGIN, useAuth, useSignUp } from '../features/auth';

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

  return (
    <>
      <h1>Create your account</h1>
      <p className="muted">
        Start free with {PLANS.free.limits.rooms} room, {PLANS.free.limits.units} storage units and
        up to {PLANS.free.limits.items} items.
      </p>
      {/* Boilerplate: each auth form shows its own failure above its own fields. */}
      <FailureNotice failed={signUp.isError} error={signUp.error} testId="auth-error" />
      <form className="form" onSubmit={onSubmit} data-testid="signup-form">
        <EmailField id="signup-email" value={email} onValueChange={setEmail} />
        <TextField
          id="signup-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="signup-password-hint"
          value={password}
          onValueChange={setPassword}
        >
          <span id="signup-password-hint" className="field__hint">
            We will e-mail you a link to confirm your address.
          </span>
        </TextField>
        <SubmitButton
          busy={signUp.isPending}
          busyLabel="Creating account…"
          block
          testId="signup-submit"
        >
          Create account
        </SubmitButton>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </>
  );
}
