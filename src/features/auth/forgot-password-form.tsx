import { useState, type FormEvent } from 'react';
import { useRequestPasswordReset } from '../../data/auth/request-password-reset';
import { FailureNotice } from '../../components/failure-notice';
import { SubmitButton } from '../../components/submit-button';
import { EmailField } from '../../components/text-field';

/**
 * "Forgot password?": asks for the e-mail and mails a reset link. The answer reads the same
 * whether or not the address has an account, so the form cannot be used to find sellers.
 */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const request = useRequestPasswordReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email);
  };

  if (request.isSuccess) {
    return (
      <>
        <h1>Check your e-mail</h1>
        <div className="notice notice--success" role="status" data-testid="reset-sent">
          <p>
            If an account exists for {request.variables.trim()}, we have sent it a link to reset the
            password. Open the link to choose a new password.
          </p>
        </div>
        <BackToSignIn onBack={onBack} />
      </>
    );
  }

  return (
    <>
      <h1>Reset your password</h1>
      <p className="muted">Enter the e-mail you sign in with and we will send you a reset link.</p>
      <FailureNotice failed={request.isError} error={request.error} testId="reset-error" />
      <form className="form" onSubmit={onSubmit} data-testid="reset-form">
        <EmailField id="reset-email" value={email} onValueChange={setEmail} />
        <SubmitButton busy={request.isPending} busyLabel="Sending…" block testId="reset-submit">
          Send reset link
        </SubmitButton>
      </form>
      <BackToSignIn onBack={onBack} />
    </>
  );
}

function BackToSignIn({ onBack }: { onBack: () => void }) {
  return (
    <p className="auth-switch">
      <button type="button" className="link-button" onClick={onBack}>
        Back to sign in
      </button>
    </p>
  );
}
