import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { showError } from '../../components/show-error';
import { notify } from '../../components/toasts';
import { useMyInvitations } from '../../data/team/team';
import { useAcceptInvitation } from '../../data/team/team-changes';
import { roleLabel } from '../../domain/team';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { NO_USER } from '../../domain/ids';
import './team.css';

/**
 * At the top of the dashboard: the invitations waiting for the signed-in user, one line each,
 * with Accept (joins, and the account becomes the current one) and Not now (hidden for this
 * visit; the invitation stays open until it expires).
 */
export function InvitationsNotice() {
  const { user } = useAuth();
  const userId = user?.id ?? NO_USER;
  const navigate = useNavigate();
  const invitations = useMyInvitations(userId);
  const [dismissed, setDismissed] = useState<readonly string[]>([]);
  const accept = useAcceptInvitation(userId, {
    onSuccess: (_accountId, invitationId) => {
      const invitation = invitations.data?.find((i) => i.id === invitationId);
      notify(messages.invitationAccepted(invitation?.account_name ?? 'the account'));
      void navigate('/dashboard/inventory');
    },
    onError: (error) => showError(error, messages.teamChangeFailed()),
  });

  const open = (invitations.data ?? []).filter((i) => !dismissed.includes(i.id));
  if (open.length === 0) return null;
  return (
    <>
      {open.map((invitation) => (
        <div
          key={invitation.id}
          className="notice team__notice"
          role="status"
          data-testid="invitation-notice"
        >
          <p>
            {invitation.inviter_email ?? 'Someone'} invited you to {invitation.account_name} as{' '}
            {roleLabel(invitation.role)}
          </p>
          <div className="team__notice-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={accept.isPending}
              onClick={() => accept.mutate(invitation.id)}
            >
              Accept
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDismissed((ids) => [...ids, invitation.id])}
            >
              Not now
            </button>
          </div>
        </div>
      ))}
    </>
  );
}
