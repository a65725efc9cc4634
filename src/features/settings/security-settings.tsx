import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { NeedsConnection } from '../../components/offline-notice';
import { SubmitButton } from '../../components/submit-button';
import { AppCodeField, TextField } from '../../components/text-field';
import { notify } from '../../components/toasts';
import { errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { useChangePassword } from '../../data/auth/update-password';
import { useEnrolTotp, useVerifyTotp, type TotpEnrolment } from '../../data/mfa/enrol-factor';
import { useTotpFactors } from '../../data/mfa/list-factors';
import { useRemoveTotp } from '../../data/mfa/unenrol-factor';
import { useAuth } from '../auth';
import { newPasswordProblem } from './password-rule';

const SIX_DIGITS = /^\d{6}$/;
const CODE_NEEDED = 'Enter the 6-digit code your authenticator app shows';

function ChangePassword() {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const userId = useAuth().user?.id;
  const change = useChangePassword(userId);
  const security = useTotpFactors(userId);
  const verifiedFactor = security.data?.factors.find((factor) => factor.status === 'verified');
  const needsCode = Boolean(security.data?.needsCode && verifiedFactor);
  const offline = useOffline();

  return (
    <form
      className="form settings__form"
      data-testid="change-password"
      onSubmit={(event) => {
        event.preventDefault();
        const why =
          newPasswordProblem(password, confirmation) ??
          (needsCode && !SIX_DIGITS.test(code.trim()) ? CODE_NEEDED : null);
        setProblem(why);
        if (why) return;
        const proof =
          needsCode && verifiedFactor ? { code, factorId: verifiedFactor.id } : undefined;
        change.mutate(
          { password, proof },
          {
            onSuccess: () => {
              setPassword('');
              setConfirmation('');
              setCode('');
              notify(messages.passwordUpdated());
            },
            onError: (error) => setProblem(errorMessage(error) ?? 'The password was not changed'),
          },
        );
      }}
    >
      <h2>Change password</h2>
      {/* Boilerplate: two password fields, each with its own id, label and test id. */}
      <TextField
        id={`${id}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        testId="new-password"
      />
      <TextField
        id={`${id}-again`}
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onValueChange={setConfirmation}
        testId="confirm-password"
      />
      {needsCode ? (
        <AppCodeField
          id={`${id}-code`}
          label="Code from your authenticator app"
          value={code}
          onValueChange={setCode}
          testId="password-totp-code"
        />
      ) : null}
      {problem ? (
        <p className="notice notice--error" role="alert" data-testid="password-error">
          {problem}
        </p>
      ) : null}
      <div className="settings__actions">
        <SubmitButton
          busy={change.isPending}
          busyLabel="Changing…"
          disabled={password === '' || offline}
          testId="change-password-submit"
        >
          Change password
        </SubmitButton>
        <NeedsConnection need="account" compact />
      </div>
    </form>
  );
}

function VerifyEnrolment({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useVerifyTotp(useAuth().user?.id);
  const offline = useOffline();
  return (
    <form
      className="form settings__form"
      data-testid="totp-enrolment"
      onSubmit={(event) => {
        event.preventDefault();
        if (!SIX_DIGITS.test(code.trim())) {
          setProblem(CODE_NEEDED);
          return;
        }
        verify.mutate(
          { factorId: enrolment.factorId, code },
          {
            onSuccess: onDone,
            onError: (error) => setProblem(errorMessage(error) ?? 'The code was not accepted'),
          },
        );
      }}
    >
      <p>
        Scan this code with an authenticator app (for example Google Authenticator, 1Password or
        Authy), then enter the 6-digit code it shows.
      </p>
      <img
        className="totp__qr"
        src={enrolment.qrCode}
        alt="QR code for your authenticator app"
        width={180}
        height={180}
        data-testid="totp-qr"
      />
      <p>
        Can&apos;t scan it? Type this key into the app instead:{' '}
        <code className="totp__secret" data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </p>
      <AppCodeField
        id={`${id}-code`}
        label="Code from the app"
        value={code}
        onValueChange={setCode}
        aria-invalid={problem !== null}
        testId="totp-code"
      />
      {problem ? (
        <p className="notice notice--error" role="alert" data-testid="totp-error">
          {problem}
        </p>
      ) : null}
      <div className="settings__actions">
        <SubmitButton
          busy={verify.isPending}
          busyLabel="Checking…"
          disabled={offline}
          testId="totp-verify"
        >
          Turn on two-factor authentication
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <NeedsConnection need="account" compact />
      </div>
    </form>
  );
}

function TwoFactor() {
  const id = useId();
  const userId = useAuth().user?.id;
  const factors = useTotpFactors(userId);
  const enrol = useEnrolTotp(userId);
  const remove = useRemoveTotp(userId);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeCode, setRemoveCode] = useState('');
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const verified = (factors.data?.factors ?? []).filter((factor) => factor.status === 'verified');
  const needsCode = factors.data?.needsCode ?? false;
  const offline = useOffline();
  const closeRemove = () => {
    setRemoving(null);
    setRemoveCode('');
    setRemoveProblem(null);
  };

  return (
    <section
      className="settings__section"
      data-testid="two-factor"
      aria-labelledby="two-factor-title"
    >
      <h2 id="two-factor-title">Two-factor authentication</h2>
      {factors.isPending ? (
        <p className="muted">Loading…</p>
      ) : factors.isError ? (
        <p className="notice notice--error" role="alert">
          {errorMessage(factors.error) ?? 'Your sign-in methods could not be loaded'}
        </p>
      ) : verified.length > 0 ? (
        <>
          <p data-testid="two-factor-status">On: an authenticator app is linked to your account.</p>
          {verified.map((factor) => (
            <div className="settings__inline" key={factor.id}>
              <span>{factor.friendly_name || 'Authenticator app'}</span>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setRemoving(factor.id)}
                disabled={offline}
                data-testid="totp-remove"
              >
                Remove
              </button>
              <NeedsConnection need="account" compact />
            </div>
          ))}
        </>
      ) : enrolment ? (
        <VerifyEnrolment
          enrolment={enrolment}
          onDone={() => {
            setEnrolment(null);
            notify(messages.preferencesSaved());
          }}
          onCancel={() => {
            const abandoned = enrolment.factorId;
            setEnrolment(null);
            remove.mutate({ factorId: abandoned });
          }}
        />
      ) : (
        <>
          <p data-testid="two-factor-status">
            Off. Add a code from an authenticator app to your sign-in so a stolen password alone is
            not enough.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={enrol.isPending || offline}
            onClick={() =>
              enrol.mutate(undefined, {
                onSuccess: setEnrolment,
                onError: (error) => notify(messages.genericError(errorMessage(error))),
              })
            }
            data-testid="totp-enrol"
          >
            {enrol.isPending ? 'Starting…' : 'Set up two-factor authentication'}
          </button>
          <NeedsConnection need="account" compact />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove two-factor authentication?"
        message={
          needsCode ? (
            <>
              Your authenticator app will no longer be linked to your account. To confirm, enter the
              code it shows now.
              <span className="field">
                <label htmlFor={`${id}-remove-code`}>Code from the app</label>
                <input
                  id={`${id}-remove-code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={removeCode}
                  onChange={(event) => setRemoveCode(event.target.value)}
                  data-testid="totp-remove-code"
                />
              </span>
              {removeProblem ? (
                <span className="field__error" role="alert" data-testid="totp-remove-error">
                  {removeProblem}
                </span>
              ) : null}
            </>
          ) : (
            'Your authenticator app will no longer be linked to your account.'
          )
        }
        confirmLabel="Remove"
        busy={remove.isPending || offline}
        testId="totp-remove-dialog"
        onCancel={closeRemove}
        onConfirm={() => {
          if (!removing) return;
          if (needsCode && !SIX_DIGITS.test(removeCode.trim())) {
            setRemoveProblem(CODE_NEEDED);
            return;
          }
          remove.mutate(
            { factorId: removing, ...(needsCode ? { code: removeCode } : {}) },
            {
              onSuccess: () => {
                closeRemove();
                notify(messages.preferencesSaved());
              },
              onError: (error) => setRemoveProblem(errorMessage(error) ?? 'It was not removed'),
            },
          );
        }}
      />
    </section>
  );
}

export function SecuritySettings() {
  return (
    <div className="settings__stack" data-testid="settings-security">
      <NeedsConnection need="account" />
      <ChangePassword />
      <TwoFactor />
    </div>
  );
}
