import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { notify } from '../../components/toasts';
import { showError } from '../../components/show-error';
import { TextField } from '../../components/text-field';
import { messages } from '../../lib/messages';
import { useAuth } from './auth-context';
import { useUpdatePassword } from '../../data/auth/update-password';

/**
 * Shown after a password-recovery link signed the user in (the PASSWORD_RECOVERY event), so
 * the link actually lets them choose a new password.
 */
export function PasswordRecoveryDialog() {
  const { recovering, endRecovery } = useAuth();
  const [password, setPassword] = useState('');
  const update = useUpdatePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(password, {
      onSuccess: () => {
        setPassword('');
        endRecovery();
        notify(messages.passwordUpdated());
      },
      onError: (error) => showError(error),
    });
  };

  return (
    <Dialog
      open={recovering}
      title="Choose a new password"
      onClose={endRecovery}
      testId="recovery-dialog"
    >
      <form className="form" onSubmit={onSubmit}>
        <p>You opened a password reset link. Enter the new password for your account.</p>
        <TextField
          id="recovery-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <div className="dialog__footer">
          <button type="button" className="button button--secondary" onClick={endRecovery}>
            Not now
          </button>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            Save password
          </button>
        </div>
      </form>
    </Dialog>
  );
}
