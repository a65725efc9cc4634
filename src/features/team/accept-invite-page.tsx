import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/document-title';
import { FailureNotice } from '../../components/failure-notice';
import { LoadingScreen } from '../../components/loading-screen';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { notify } from '../../components/toasts';
import { useHasPassword, useMyInvitations } from '../../data/team/team';
import { useJoinAccount } from '../../data/team/team-changes';
import { roleLabel } from '../../domain/team';
import { messages } from '../../lib/messages';
import { DEFAULT_AFTER_LOGIN, RequireAuth, useAuth } from '../auth';
import { NO_USER, type UserId } from '../../domain/ids';

/**
 * /accept-invite?invitation=<id>: where the invitation mail's link lands, signed in by the link
 * (a visitor who is not signed in goes to /login and comes back). A new, invited user chooses a
 * password and gives a name; one who has a password just accepts. Joining makes the account the
 * user's current one and opens its inventory.
 */
export function AcceptInvitePage() {
  useDocumentTitle('Join a team');
  return (
    <RequireAuth>
      <AcceptInvite />
    </RequireAuth>
  );
}

function AcceptInvite() {
  const { user } = useAuth();
  const userId = user?.id ?? NO_USER;
  const [params] = useSearchParams();
  const invitationId = params.get('invitation') ?? '';
  const invitations = useMyInvitations(userId);
  const hasPassword = useHasPassword(userId);

  if (invitations.isPending || hasPassword.isPending) {
    return <LoadingScreen label="Opening your invitation…" />;
  }
  if (invitations.isError || hasPassword.isError) {
    return (
      <>
        <h1>Join a team</h1>
        <FailureNotice
          failed
          error={invitations.error ?? hasPassword.error}
          testId="accept-invite-error"
        />
        <p>
          <Link to={DEFAULT_AFTER_LOGIN}>Go to your dashboard</Link>
        </p>
      </>
    );
  }
  const invitation = invitations.data.find((i) => i.id === invitationId);
  if (!invitation) {
    return (
      <div data-testid="accept-invite-gone">
        <h1>This invitation is no longer open</h1>
        <p>
          It has expired, was withdrawn, or was sent to an address other than {user?.email}. Ask the
          person who invited you to send a new one.
        </p>
        <p>
          <Link to={DEFAULT_AFTER_LOGIN}>Go to your dashboard</Link>
        </p>
      </div>
    );
  }
  return (
    <AcceptForm
      userId={userId}
      invitationId={invitation.id}
      accountName={invitation.account_name}
      role={invitation.role}
      inviter={invitation.inviter_email}
      needsPassword={!hasPassword.data}
    />
  );
}

function AcceptForm({
  userId,
  invitationId,
  accountName,
  role,
  inviter,
  needsPassword,
}: {
  userId: UserId;
  invitationId: string;
  accountName: string;
  role: string;
  inviter: string | null;
  needsPassword: boolean;
}) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const join = useJoinAccount(userId, {
    onSuccess: () => {
      notify(messages.invitationAccepted(accountName));
      void navigate('/dashboard/inventory', { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate({
      invitationId,
      ...(needsPassword ? { profile: { name, password } } : {}),
    });
  };

  return (
    <div data-testid="accept-invite">
      <h1>Join {accountName}</h1>
      <p>
        {inviter ? `${inviter} invited you` : 'You are invited'} to work in this stockroom as{' '}
        <strong data-testid="accept-invite-role">{roleLabel(role)}</strong>.
      </p>
      <FailureNotice failed={join.isError} error={join.error} testId="accept-invite-failure" />
      <form className="form" onSubmit={submit}>
        {needsPassword ? (
          <>
            <TextField
              id="accept-name"
              label="Your name"
              name="name"
              autoComplete="name"
              required
              maxLength={200}
              value={name}
              onValueChange={setName}
            />
            <TextField
              id="accept-password"
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              aria-describedby="accept-password-hint"
              value={password}
              onValueChange={setPassword}
            >
              <span id="accept-password-hint" className="field__hint">
                You sign in with your e-mail address and this password from now on.
              </span>
            </TextField>
          </>
        ) : null}
        <SubmitButton
          busy={join.isPending}
          busyLabel="Joining…"
          block
          testId="accept-invite-submit"
        >
          {needsPassword ? 'Set password and join' : 'Accept invitation'}
        </SubmitButton>
      </form>
    </div>
  );
}
