import { useId, useReducer, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { useVerifySignInCode } from '../../data/mfa/verify-sign-in-code';
import { CODE_LENGTH, codeStepReducer, initialCodeStep, isCompleteCode } from './mfa';
import { useSignOut } from './sign-out';

/**
 * The second step of signing in for accounts with two-factor on: the 6-digit code from the
 * authenticator app. Shown by the login page while the session is aal1 on such an account;
 * when the code is accepted the session becomes aal2 and the login page moves on by itself.
 */
export function MfaCodeStep({ email, onVerified }: { email?: string; onVerified: () => void }) {
  const id = useId();
  const [state, dispatch] = useReducer(codeStepReducer, initialCodeStep);
  const verify = useVerifySignInCode({ onVerified });
  const signOut = useSignOut();
  const busy = state.phase !== 'editing' || signOut.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ type: 'submitted' });
    // The reducer refuses an incomplete code; mirror its check here to decide whether to send.
    if (state.phase !== 'editing' || !isCompleteCode(state.code)) return;
    verify.mutate(state.code, {
      onSuccess: () => dispatch({ type: 'verified' }),
      onError: (error) => dispatch({ type: 'refused', message: errorMessage(error) }),
    });
  };

  return (
    <>
      <h1>Two-factor authentication</h1>
      <p className="muted">
        Enter the 6-digit code your authenticator app shows
        {email ? (
          <>
            {' '}
            for <strong>{email}</strong>
          </>
        ) : null}
        .
      </p>
      {state.error ? (
        <div className="notice notice--error" role="alert" data-testid="mfa-error">
          <p>{state.error}</p>
        </div>
      ) : null}
      {signOut.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{errorMessage(signOut.error) ?? 'Could not sign out. Try again.'}</p>
        </div>
      ) : null}
      <form className="form" onSubmit={onSubmit} data-testid="mfa-form" noValidate>
        <div className="field">
          <label htmlFor={`${id}-code`}>Authentication code</label>
          <input
            id={`${id}-code`}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH + 2}
            autoFocus
            required
            aria-invalid={state.error !== null}
            value={state.code}
            onChange={(event) => dispatch({ type: 'typed', value: event.target.value })}
            data-testid="mfa-code"
          />
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy}
          data-testid="mfa-submit"
        >
          {state.phase === 'verifying' ? 'Checking…' : 'Verify'}
        </button>
      </form>
      <p className="auth-switch">
        Not you, or no access to the app?{' '}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => signOut.mutate()}
          data-testid="mfa-sign-out"
        >
          Sign out
        </button>
      </p>
    </>
  );
}
